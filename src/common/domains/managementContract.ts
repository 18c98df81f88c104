import { z } from 'zod';
import {
  BULK_DOMAINS_MAX, DOMAIN_SORT_FIELDS, DOMAINS_PAGE_SIZE, DOMAIN_STATUS_FILTERS, DOMAIN_STATUSES, MAX_NAMESERVERS, MIN_NAMESERVERS,
} from './domains.ts';
import { allow, defineContract, type Permissions } from '../protocol.ts';
import { domainName } from './names.ts';
import { contactInput, contactsInput, contactsView } from './contacts.ts';
import { accountId, isoDate } from '../contracts/shared.ts';

/**
 * Domain-keyed functions answer 404 to anyone outside the owning account, the same as for a
 * name nobody holds: an outsider cannot learn that a domain is ours.
 */
const domainMembers: Permissions = { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 404, superAdmin: 404 };
/** Revealing the transfer code hands the domain away: the account's owner and admins only. */
const domainAdmins: Permissions = { signedOut: 401, member: 403, admin: 200, owner: 200, outsider: 404, superAdmin: 404 };

/**
 * A contact is accepted in the spec's shape (name, email, phone, organization, address) or the
 * registrars' (firstName, lastName, ..., country); see contacts.ts for how the two map.
 */
export const domainContact = contactInput;
export const domainContacts = contactsInput;
export type { DomainContactsInput, DomainContactsView, DomainContactView } from './contacts.ts';

const hostname = z.string().trim().toLowerCase().max(253, 'A nameserver name is too long.')
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/, 'A nameserver must be a host name such as ns1.example.com.')
  .transform((name) => name.replace(/\.$/, ''));

export const nameservers = z.array(hostname).min(MIN_NAMESERVERS, `Enter at least ${MIN_NAMESERVERS} nameservers.`).max(MAX_NAMESERVERS, `Enter at most ${MAX_NAMESERVERS} nameservers.`)
  .refine((list) => new Set(list).size === list.length, 'Each nameserver may be listed once.');

/** A row of /domains (spec §3: id, domain, status, registrationDate, expirationDate, autoRenew). */
export const domainListItem = z.object({
  id: z.string(),
  domain: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  registrationDate: isoDate.nullable(),
  expirationDate: isoDate.nullable(),
  autoRenew: z.boolean(),
});
export type DomainListItem = z.infer<typeof domainListItem>;

export const domainSummary = z.object({
  total: z.number().int(),
  active: z.number().int(),
  /** 1 to 30 days left. */
  expiringSoon: z.number().int(),
  expired: z.number().int(),
});
export type DomainSummary = z.infer<typeof domainSummary>;

export const listDomains = defineContract({
  name: 'listDomains',
  summary: 'The account\'s domains, filtered, sorted and in keyset pages, with the summary counts over all of them.',
  access: 'user',
  kind: 'read',
  permissions: allow.members,
  input: z.object({
    accountId,
    /** Part of the domain name. */
    search: z.string().trim().toLowerCase().max(253, 'The search is too long.').optional().default(''),
    status: z.enum(DOMAIN_STATUS_FILTERS).optional().default('all'),
    sortBy: z.enum(DOMAIN_SORT_FIELDS).optional().default('registrationDate'),
    sortOrder: z.enum(['asc', 'desc']).optional().default('desc'),
    limit: z.number().int().min(1).max(100).optional().default(DOMAINS_PAGE_SIZE),
    /** nextCursor of the previous page (of the same filters and sort). */
    cursor: z.string().max(600).optional(),
  }).strict(),
  output: z.object({
    domains: z.array(domainListItem),
    nextCursor: z.string().nullable(),
    /** How many match the search and filter. */
    matching: z.number().int(),
    summary: domainSummary,
  }),
});

export const domainDetail = z.object({
  id: z.string(),
  domain: z.string(),
  accountId: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  registrationDate: isoDate.nullable(),
  expirationDate: isoDate.nullable(),
  autoRenewEnabled: z.boolean(),
  locked: z.boolean(),
  privacyEnabled: z.boolean(),
  /** Each contact in both shapes: the registrars' parts and the spec's name and one-line address. */
  contacts: contactsView.nullable(),
  nameservers: z.array(z.string()),
  /** The supplier's display name. */
  registrar: z.string().nullable(),
  updatedDate: isoDate,
  lastSyncedAt: isoDate.nullable(),
  notes: z.string().nullable(),
  /** When it was added to the account. */
  createdAt: isoDate,
});
export type DomainDetail = z.infer<typeof domainDetail>;

export const getDomainDetails = defineContract({
  name: 'getDomainDetails',
  summary: 'One domain of an account the caller belongs to, as we hold it (`local`).',
  access: 'user',
  kind: 'read',
  permissions: domainMembers,
  input: z.object({ domain: domainName }).strict(),
  output: z.object({ success: z.literal(true), local: domainDetail, message: z.string().nullable() }),
});

const domainWrite = <S extends z.ZodRawShape>(name: string, summary: string, shape: S, permissions: Permissions = domainMembers) => defineContract({
  name,
  summary,
  access: 'user',
  kind: 'write',
  permissions,
  input: z.object({ domain: domainName, ...shape }).strict(),
  output: z.object({ success: z.literal(true), message: z.string(), local: domainDetail }),
});

export const updateDomainContacts = domainWrite('updateDomainContacts', 'Validates the contacts (the spec\'s shape or the registrars\'), sets them at the supplier, then keeps them.', { contacts: domainContacts });
export const updateDomainNameservers = domainWrite('updateDomainNameservers', 'Sets the nameservers at the supplier, then keeps them.', { nameservers });
export const updateDomainAutoRenew = domainWrite('updateDomainAutoRenew', 'Turns our automatic renewal on or off (and the supplier\'s, where it has one, off: we renew, not the registrar).', { autoRenew: z.boolean({ error: 'autoRenew must be true or false.' }) });
export const setDomainLock = domainWrite('setDomainLock', 'Sets the registrar lock (transfer protection).', { locked: z.boolean({ error: 'locked must be true or false.' }) });
export const setDomainPrivacy = domainWrite('setDomainPrivacy', 'Turns WHOIS privacy on or off at the supplier.', { enabled: z.boolean({ error: 'enabled must be true or false.' }) });

export const getDomainTransferCode = defineContract({
  name: 'getDomainTransferCode',
  summary: 'The transfer (EPP) code from the supplier, for the account\'s owner or an admin; every reveal is audited.',
  access: 'user',
  kind: 'write',
  permissions: domainAdmins,
  input: z.object({ domain: domainName }).strict(),
  output: z.object({ success: z.literal(true), transferCode: z.string() }),
});

/** What a Sync found: the supplier's record and the public RDAP record, each or its error. */
export const syncResult = z.object({
  domain: z.string(),
  success: z.boolean(),
  registrar: z.object({
    status: z.enum(DOMAIN_STATUSES), registeredAt: isoDate.nullable(), expiresAt: isoDate.nullable(), nameservers: z.array(z.string()),
    autoRenew: z.boolean().nullable(), locked: z.boolean().nullable(), privacy: z.boolean().nullable(),
  }).nullable(),
  registrarError: z.string().nullable(),
  rdap: z.object({
    registrar: z.string().nullable(), registeredAt: isoDate.nullable(), expiresAt: isoDate.nullable(), nameservers: z.array(z.string()), statuses: z.array(z.string()),
  }).nullable(),
  rdapError: z.string().nullable(),
  /** Which local fields the sync changed ('expirationDate', 'nameservers', ...). */
  changed: z.array(z.string()),
});
export type SyncResult = z.infer<typeof syncResult>;

export const verifyManagedDomain = defineContract({
  name: 'verifyManagedDomain',
  summary: 'Sync: reads the domain at its supplier and in RDAP and brings our record up to date.',
  access: 'user',
  kind: 'write',
  permissions: domainMembers,
  input: z.object({ domain: domainName }).strict(),
  output: z.object({ success: z.boolean(), result: syncResult, local: domainDetail }),
});

export const verifyManagedDomainsBulk = defineContract({
  name: 'verifyManagedDomainsBulk',
  summary: 'Sync for many domains of one account at once; one result per name, so the page can say which failed.',
  access: 'user',
  kind: 'write',
  permissions: domainMembers,
  input: z.object({
    domains: z.array(domainName).min(1, 'Select at least one domain.').max(BULK_DOMAINS_MAX, `Select at most ${BULK_DOMAINS_MAX} domains.`),
  }).strict(),
  output: z.object({
    succeeded: z.number().int(),
    failed: z.number().int(),
    results: z.array(z.object({ domain: z.string(), success: z.boolean(), error: z.string().nullable() })),
  }),
});
