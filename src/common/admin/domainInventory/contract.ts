import { z } from 'zod';
import { DOMAIN_STATUSES } from '../../domains/domains.ts';
import { domainName } from '../../domains/names.ts';
import { allow, defineContract } from '../../protocol.ts';
import { asObject, id, isoDate } from '../../contracts/shared.ts';
import {
  INVENTORY_NAMESERVERS_MAX, INVENTORY_NOTES_MAX, INVENTORY_PAGE_MAX, INVENTORY_PAGE_SIZE, INVENTORY_SORT_FIELDS, MANAGEMENT_MODES,
  MANUAL_REGISTRAR, SEARCH_NOT_A_NAME, UNASSIGNED,
} from './texts.ts';

/** Empty values are omitted (spec §7): an empty text, null or 'all' is no filter. */
const filter = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null || v === 'all' ? undefined : v), schema.optional());

const accountRef = id('Account ID');
const supplierRef = id('Registrar');

export const managedDomainRow = z.object({
  domain: z.string(),
  /** Null: the domain belongs to no account yet (bulk mapping). */
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  /** 'manual' or a supplier id. */
  registrar: z.string(),
  registrarName: z.string(),
  managementMode: z.enum(MANAGEMENT_MODES),
  status: z.enum(DOMAIN_STATUSES),
  expiryAt: isoDate.nullable(),
  autoRenewEnabled: z.boolean(),
  lastVerifiedAt: isoDate.nullable(),
});
export type ManagedDomainRow = z.infer<typeof managedDomainRow>;

export const inventoryFilters = {
  /** The start of the domain name, any case. */
  search: filter(z.string({ error: SEARCH_NOT_A_NAME }).trim().toLowerCase().max(253, SEARCH_NOT_A_NAME)
    .regex(/^[a-z0-9.-]*$/, SEARCH_NOT_A_NAME)),
  /** 'manual' (no supplier) or a supplier id. */
  registrar: filter(supplierRef),
  mode: filter(z.enum(MANAGEMENT_MODES, { error: 'Mode must be all, api or manual.' })),
  status: filter(z.enum(DOMAIN_STATUSES, { error: `Status must be all, ${DOMAIN_STATUSES.join(', ')}.` })),
  /** An account id, or 'unassigned' for the domains of no account. */
  account: filter(accountRef),
  sortBy: filter(z.enum(INVENTORY_SORT_FIELDS, { error: 'Sort by must be domain or expiryAt.' })),
  sortOrder: filter(z.enum(['asc', 'desc'], { error: 'Sort order must be asc or desc.' })),
};

export const listManagedDomains = defineContract({
  name: 'listManagedDomains',
  summary: `The domain inventory: every domain of every account and the unassigned ones, filtered by name prefix, registrar ('${MANUAL_REGISTRAR}' or a supplier), mode, status and account ('${UNASSIGNED}' for none), sorted by domain or expiry (missing expiries last), in keyset pages of ${INVENTORY_PAGE_SIZE}.`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    ...inventoryFilters,
    limit: z.number({ error: `Limit must be a whole number from 1 to ${INVENTORY_PAGE_MAX}.` }).int(`Limit must be a whole number from 1 to ${INVENTORY_PAGE_MAX}.`)
      .min(1, `Limit must be a whole number from 1 to ${INVENTORY_PAGE_MAX}.`).max(INVENTORY_PAGE_MAX, `Limit must be a whole number from 1 to ${INVENTORY_PAGE_MAX}.`).optional(),
    /** pagination.nextStartAfter of the previous page, with the same filters and sort. */
    startAfter: z.string({ error: 'This page link is no longer valid.' }).max(1_000, 'This page link is no longer valid.').nullish(),
  }, asObject).strict().optional().default({}),
  output: z.object({
    domains: z.array(managedDomainRow),
    pagination: z.object({ hasMore: z.boolean(), nextStartAfter: z.string().nullable() }),
  }),
});

const hostName = z.string({ error: 'Each nameserver must be a text.' }).trim().toLowerCase().max(253, 'A nameserver name is too long.')
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/, 'A nameserver must be a host name such as ns1.example.com.')
  .transform((v) => v.replace(/\.$/, ''));

/** A date or instant as ISO text (spec §5: dates are sent as ISO strings or null), kept as the instant it names. */
const isoInstant = (what: string) => z.string({ error: `${what} must be a date.` }).trim().max(40, `${what} must be a date.`)
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/, `${what} must be a date (YYYY-MM-DD or an ISO time).`)
  .refine((v) => {
    const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    return y >= 1970 && y <= 9999 && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(Date.parse(v));
  }, `${what} is not a real date.`)
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v).toISOString());

export const createManagedDomain = defineContract({
  name: 'createManagedDomain',
  summary: `Adds a domain to the inventory (spec's payload): an account or none, registrar '${MANUAL_REGISTRAR}' (which forces management mode manual) or a supplier. A name already held anywhere is refused. Calls no registrar. Audited.`,
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    domain: domainName,
    /** Null or omitted: unassigned, for bulk mapping later. */
    accountId: accountRef.nullish().transform((v) => v ?? null),
    registrar: supplierRef.optional().default(MANUAL_REGISTRAR),
    managementMode: z.enum(MANAGEMENT_MODES, { error: 'Management mode must be manual or api.' }).optional().default('manual'),
    expiryAt: isoInstant('Expiry date').nullish().transform((v) => v ?? null),
    autoRenewEnabled: z.boolean({ error: 'Auto-renew must be true or false.' }).optional().default(false),
    nameservers: z.array(hostName, { error: 'Nameservers must be a list.' }).max(INVENTORY_NAMESERVERS_MAX, `Enter at most ${INVENTORY_NAMESERVERS_MAX} nameservers.`)
      .refine((list) => new Set(list).size === list.length, 'Each nameserver may be listed once.').optional().default([]),
    notes: z.string({ error: 'Notes must be a text.' }).trim().max(INVENTORY_NOTES_MAX, `Notes must be at most ${INVENTORY_NOTES_MAX} characters.`)
      .nullish().transform((v) => v || null),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), message: z.string() }),
});

export const deleteDomain = defineContract({
  name: 'deleteDomain',
  summary: 'Removes a domain from the inventory (our record only; the registrar is not asked). Refused while the domain has a paid order that is not finished or a registrar call in flight. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ domain: domainName }, asObject).strict(),
  output: z.object({ success: z.literal(true) }),
});

/**
 * Both shapes of the spec. `updates.accountId` may be null (the domain goes back to the unassigned
 * ones); the oldAccountId/newAccountId shape always names the new account, and moves only while
 * the domain is still where the caller saw it (oldAccountId null: still unassigned).
 */
export const updateManagedDomain = defineContract({
  name: 'updateManagedDomain',
  summary: 'Moves a domain to another account (or, in the updates shape, to none) with its status counts: {domain, updates:{accountId}} or {domain, oldAccountId, newAccountId}, the second refused when the domain changed account meanwhile. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    domain: domainName,
    updates: z.object({ accountId: accountRef.nullable() }, { error: 'Updates must be an object with accountId.' }).strict().optional(),
    oldAccountId: accountRef.nullable().optional(),
    newAccountId: accountRef.optional(),
  }, asObject).strict().superRefine((input, ctx) => {
    const paired = input.oldAccountId !== undefined || input.newAccountId !== undefined;
    if (input.updates && paired) ctx.addIssue({ code: 'custom', message: 'Send either updates or oldAccountId and newAccountId, not both.' });
    else if (!input.updates && (input.oldAccountId === undefined || input.newAccountId === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Send updates.accountId, or oldAccountId and newAccountId.' });
    }
  }).transform((input) => (input.updates
    ? { domain: input.domain, accountId: input.updates.accountId, expectedAccountId: undefined }
    : { domain: input.domain, accountId: input.newAccountId ?? null, expectedAccountId: input.oldAccountId ?? null })),
  output: z.object({ success: z.literal(true), domain: z.string(), accountId: z.string().nullable(), accountName: z.string().nullable() }),
});

export const contracts = { listManagedDomains, createManagedDomain, deleteDomain, updateManagedDomain };
