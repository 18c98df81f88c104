import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { asObject, id } from '../contracts/shared.ts';
import { HOSTING_IMPORT_MAX_ITEMS, HOSTING_IMPORT_SKIP_REASONS, HOSTING_IMPORT_TEXTS as T } from './importTexts.ts';
import { PANEL_KINDS } from './panels.ts';

const serverId = id('Server ID');

export const importableAccount = z.object({
  username: z.string(),
  domain: z.string().nullable(),
  package: z.string().nullable(),
  suspended: z.boolean(),
  /** The panel's contact e-mail, when it keeps one (Proxmox does not). */
  email: z.string().nullable(),
  /** The portal's service with this username on this server (terminated ones too), if any. */
  service: z.object({ id: z.string(), status: z.enum(['pending', 'active', 'suspended', 'terminated']) }).nullable(),
  /** Whether an import of it would be skipped: a service (terminated or not) holds the username. */
  importable: z.boolean(),
  /** The one customer account whose billing or owner e-mail is the panel's contact e-mail; null when none or several. */
  suggestedAccount: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The one mapped product whose package is the account's package, if there is exactly one. */
  suggestedProductId: z.string().nullable(),
});
export type ImportableAccount = z.infer<typeof importableAccount>;

export const importProduct = z.object({ id: z.string(), name: z.string(), package: z.string() });

export const previewServerImport = defineContract({
  name: 'previewServerImport',
  summary: 'Reads the accounts on a hosting server live: each with its package, suspension and contact e-mail, whether the portal already has it, '
    + 'and the customer account its e-mail suggests; with the products mapped to the panel. Writes nothing but the audit entry. 503 when the panel fails.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ serverId }, asObject).strict(),
  output: z.object({
    server: z.object({ id: z.string(), name: z.string(), panel: z.enum(PANEL_KINDS) }),
    accounts: z.array(importableAccount),
    products: z.array(importProduct),
    message: z.string(),
  }),
});

const importItem = z.object({
  username: z.string({ error: T.usernameRequired }).trim().min(1, T.usernameRequired).max(255, T.usernameRequired),
  accountId: id('Account ID'),
  productId: id('Product ID').nullable(),
}, asObject).strict();

export const importResultItem = z.object({
  username: z.string(),
  outcome: z.enum(['imported', 'skipped']),
  reason: z.enum(HOSTING_IMPORT_SKIP_REASONS).nullable(),
  /** The reason as a sentence, null when imported. */
  message: z.string().nullable(),
  /** The new service when imported. */
  serviceId: z.string().nullable(),
});
export type HostingImportResultItem = z.infer<typeof importResultItem>;

export const importServerAccounts = defineContract({
  name: 'importServerAccounts',
  summary: `Creates a service (source import, no subscription) for each named account the panel has now, in the customer account given; `
    + `at most ${HOSTING_IMPORT_MAX_ITEMS} per call. Skips, per item, usernames the portal already has, accounts gone from the panel and unknown accounts or products. Audited.`,
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    serverId,
    items: z.array(importItem, { error: T.itemsRequired }).min(1, T.itemsRequired).max(HOSTING_IMPORT_MAX_ITEMS, T.tooManyItems)
      .refine((items) => new Set(items.map((i) => i.username)).size === items.length, T.duplicateUsername),
  }, asObject).strict(),
  output: z.object({
    imported: z.number().int(),
    skipped: z.number().int(),
    items: z.array(importResultItem),
    message: z.string(),
  }),
});

export const contracts = { previewServerImport, importServerAccounts };
