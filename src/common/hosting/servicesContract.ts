import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { accountId, id, isoDate } from '../contracts/shared.ts';
import { PANEL_KINDS } from './panels.ts';
import {
  PASSWORD_BAD_CHARACTER, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_NEEDS_LETTER_AND_DIGIT, PASSWORD_SYMBOLS, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT,
} from './servicesTexts.ts';

export const HOSTING_SERVICE_STATUSES = ['pending', 'active', 'suspended', 'terminated'] as const;
export type HostingServiceStatus = (typeof HOSTING_SERVICE_STATUSES)[number];

/**
 * A service is read by the members of its account; outsiders (another account's members, an
 * operator who is not acting as the account) get the same 404 as for an unknown id.
 */
const serviceReaders = { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 404, superAdmin: 404 } as const;
/** Logging in to the panel and changing its password are for the account's owner and admins. */
const serviceManagers = { signedOut: 401, member: 403, admin: 200, owner: 200, outsider: 404, superAdmin: 404 } as const;

export const serviceId = id('Service ID');

const escapedSymbols = PASSWORD_SYMBOLS.replace(/[-\\^\]]/g, '\\$&');
const allowedCharacters = new RegExp(`^[A-Za-z0-9${escapedSymbols}]*$`);

/** A panel password the customer chooses (reference/provisioning.md section 3); the username rule needs the service and is checked by the handler. */
export const servicePassword = z.string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG)
  .refine((v) => allowedCharacters.test(v), PASSWORD_BAD_CHARACTER)
  .refine((v) => /[A-Za-z]/.test(v) && /[0-9]/.test(v), PASSWORD_NEEDS_LETTER_AND_DIGIT);

export const serviceUsage = z.object({
  diskUsedMb: z.number().nullable(),
  diskLimitMb: z.number().nullable(),
  bandwidthUsedMb: z.number().nullable(),
  bandwidthLimitMb: z.number().nullable(),
  mailboxes: z.number().nullable(),
  /** When the daily job read the figures. */
  readAt: isoDate.nullable(),
});

export const accountService = z.object({
  id: z.string(),
  accountId: z.string(),
  productName: z.string(),
  status: z.enum(HOSTING_SERVICE_STATUSES),
  /** "Suspended: payment overdue" or "Suspended by the provider" (with the provider's note); null unless suspended. */
  suspensionReason: z.string().nullable(),
  /** The plan (panel package). */
  plan: z.string().nullable(),
  panel: z.enum(PANEL_KINDS),
  /** The server as its customers know it (its display name, else its host); null before one is chosen. */
  server: z.string().nullable(),
  domain: z.string().nullable(),
  /** The login name on the panel, once created. */
  username: z.string().nullable(),
  /** The subscription's current period end: when it renews. */
  renewsAt: isoDate.nullable(),
  usage: serviceUsage.nullable(),
  /** "Your hosting is being set up…" while pending, else null. */
  setupNote: z.string().nullable(),
  /** What the caller may do with it now. */
  abilities: z.object({ openControlPanel: z.boolean(), changePassword: z.boolean() }),
  createdAt: isoDate,
});
export type AccountService = z.infer<typeof accountService>;

export const listAccountServices = defineContract({
  name: 'listAccountServices',
  summary: 'The hosting services of an account the caller belongs to, newest first.',
  access: 'user',
  kind: 'read',
  permissions: allow.members,
  input: z.object({ accountId }).strict(),
  output: z.object({ services: z.array(accountService) }),
});

export const getAccountService = defineContract({
  name: 'getAccountService',
  summary: 'One hosting service of an account the caller belongs to.',
  access: 'user',
  kind: 'read',
  permissions: serviceReaders,
  input: z.object({ serviceId }).strict(),
  output: z.object({ service: accountService }),
});

export const openServiceControlPanel = defineContract({
  name: 'openServiceControlPanel',
  summary: 'A one-time login URL to the control panel of an active service (single sign-on); audited.',
  access: 'user',
  kind: 'write',
  permissions: serviceManagers,
  input: z.object({ serviceId }).strict(),
  output: z.object({ url: z.string() }),
});

export const changeServicePassword = defineContract({
  name: 'changeServicePassword',
  summary: 'Queues a change of the service\'s control panel password to one the customer chose.',
  access: 'user',
  kind: 'write',
  permissions: serviceManagers,
  input: z.object({ serviceId, password: servicePassword }).strict(),
  output: z.object({ serviceId: z.string(), message: z.string() }),
});
