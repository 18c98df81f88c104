import { z } from 'zod';
import {
  ACCOUNT_NAME_MAX, ACCOUNT_NAME_REQUIRED_ADMIN, ACCOUNT_NAME_TOO_LONG, ACCOUNT_SORT_FIELDS, ACCOUNTS_PAGE_SIZE, ACTIVITY_LABELS,
  BILLING_EMAIL_INVALID, OWNER_EMAIL_INVALID, OWNER_EMAIL_REQUIRED, SEARCH_TOO_SHORT, ACCOUNT_SEARCH_MIN,
} from './texts.ts';
import { ACCOUNT_STATUSES } from '../../constants.ts';
import { allow, defineContract } from '../../protocol.ts';
import { accountId, asObject, id, isoDate } from '../../contracts/shared.ts';

const accountName = z.string({ error: ACCOUNT_NAME_REQUIRED_ADMIN }).trim().min(1, ACCOUNT_NAME_REQUIRED_ADMIN).max(ACCOUNT_NAME_MAX, ACCOUNT_NAME_TOO_LONG);

/** Optional text: blank or empty becomes null (spec §5: on update, empty values become null). */
const optionalText = (what: string, max: number) =>
  z.string({ error: `${what} must be a text.` }).trim().max(max, `${what} must be at most ${max} characters.`).nullable()
    .transform((v) => (v ? v : null));

const optionalEmail = (invalid: string) =>
  z.string({ error: invalid }).trim().max(254, invalid).nullable()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, invalid);

const billingFields = {
  billingName: optionalText('Billing name', 200),
  billingEmail: optionalEmail(BILLING_EMAIL_INVALID),
  billingAddress: optionalText('Billing address', 1_000),
  taxId: optionalText('Tax ID', 64),
};

export const adminAccount = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  billingName: z.string().nullable(),
  billingEmail: z.string().nullable(),
  billingAddress: z.string().nullable(),
  taxId: z.string().nullable(),
  memberCount: z.number().int(),
  domainCount: z.number().int(),
  /** Domain orders over the last 30 days. */
  recentOrderCount: z.number().int(),
  activity: z.enum(ACTIVITY_LABELS),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminAccount = z.infer<typeof adminAccount>;

export const accountOption = z.object({ id: z.string(), name: z.string() });
export type AccountOption = z.infer<typeof accountOption>;

const pagedInput = {
  limit: z.number({ error: 'Limit must be a whole number from 1 to 100.' }).int('Limit must be a whole number from 1 to 100.')
    .min(1, 'Limit must be a whole number from 1 to 100.').max(100, 'Limit must be a whole number from 1 to 100.').optional(),
  /** pagination.nextStartAfter of the previous page, with the same filters and sort. */
  startAfter: z.string({ error: 'This page link is no longer valid.' }).max(600, 'This page link is no longer valid.').nullish(),
  /** Part of the account name, any case. */
  name: z.string({ error: 'Name filter must be a text.' }).trim().max(ACCOUNT_NAME_MAX, 'Name filter is too long.').optional(),
  /** Part of the owner's or the billing e-mail address, any case. */
  email: z.string({ error: 'Email filter must be a text.' }).trim().max(254, 'Email filter is too long.').optional(),
  sortBy: z.enum(ACCOUNT_SORT_FIELDS, { error: 'Sort by must be createdAt or name.' }).optional(),
  sortOrder: z.enum(['asc', 'desc'], { error: 'Sort order must be asc or desc.' }).optional(),
};

export const getAllAccounts = defineContract({
  name: 'getAllAccounts',
  summary: `Both shapes of the spec: with any paging, filter or sort argument, a keyset page (${ACCOUNTS_PAGE_SIZE} by default) of accounts with owner, counts and activity label; with no argument at all, the plain list {id, name} by name for pickers (capped).`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object(pagedInput, asObject).strict().optional().default({}),
  output: z.union([
    z.object({
      shape: z.literal('page'),
      accounts: z.array(adminAccount),
      pagination: z.object({ hasMore: z.boolean(), nextStartAfter: z.string().nullable() }),
    }),
    z.object({
      shape: z.literal('all'),
      accounts: z.array(accountOption),
      /** True when there are more accounts than the picker list holds: search by name instead. */
      truncated: z.boolean(),
    }),
  ]),
});

export const searchAccounts = defineContract({
  name: 'searchAccounts',
  summary: 'Accounts whose name starts with the text (any case), 10 by name; when none and the text has 8+ characters, the account with exactly that id.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    query: z.string({ error: SEARCH_TOO_SHORT }).trim().min(ACCOUNT_SEARCH_MIN, SEARCH_TOO_SHORT).max(ACCOUNT_NAME_MAX, 'The search is too long.'),
  }, asObject).strict(),
  output: z.object({
    accounts: z.array(accountOption.extend({ ownerEmail: z.string() })),
    /** 'id' when the answer came from the exact id lookup. */
    matchedBy: z.enum(['name', 'id', 'none']),
  }),
});

export const adminCreateAccount = defineContract({
  name: 'adminCreateAccount',
  summary: 'Creates an active account owned by the existing user with ownerEmail (required: an operator never becomes the owner by default); the owner becomes its account_owner member.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    accountName,
    ownerEmail: z.string({ error: OWNER_EMAIL_REQUIRED }).trim().min(1, OWNER_EMAIL_REQUIRED).max(254, OWNER_EMAIL_INVALID).toLowerCase()
      .pipe(z.email(OWNER_EMAIL_INVALID)),
    billingName: billingFields.billingName.optional().default(null),
    billingEmail: billingFields.billingEmail.optional().default(null),
    billingAddress: billingFields.billingAddress.optional().default(null),
    taxId: billingFields.taxId.optional().default(null),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), account: adminAccount }),
});

export const adminUpdateAccount = defineContract({
  name: 'adminUpdateAccount',
  summary: 'Changes the fields given in updates; empty values become null (the name cannot be blank).',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    accountId,
    updates: z.object({
      accountName: accountName.optional(),
      status: z.enum(ACCOUNT_STATUSES, { error: 'Status must be active, suspended or closed.' }).optional(),
      billingName: billingFields.billingName.optional(),
      billingEmail: billingFields.billingEmail.optional(),
      billingAddress: billingFields.billingAddress.optional(),
      taxId: billingFields.taxId.optional(),
    }, { error: 'Updates must be an object of named fields.' }).strict(),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), account: adminAccount }),
});

export const adminDeleteAccount = defineContract({
  name: 'adminDeleteAccount',
  summary: 'Deletes the account with its members, orders, billing and tickets; its domains move to transferDomainsTo when given (in the same transaction), else they are deleted too.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    accountId,
    transferDomainsTo: id('Transfer account ID').nullish().transform((v) => v ?? null),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), domainsTransferred: z.number().int(), domainsDeleted: z.number().int() }),
});

const money = { amountCents: z.number().int(), currency: z.string() };

export const adminAccountDetail = z.object({
  account: adminAccount,
  members: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), role: z.string(), joinedAt: isoDate })),
  domains: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), expirationDate: isoDate.nullable(), autoRenew: z.boolean() })),
  orders: z.array(z.object({ id: z.string(), kind: z.string(), domain: z.string(), status: z.string(), years: z.number().int(), ...money, createdAt: isoDate })),
  subscriptions: z.array(z.object({ id: z.string(), productName: z.string(), status: z.string(), interval: z.string().nullable(), ...money, currentPeriodEnd: isoDate.nullable() })),
  invoices: z.array(z.object({ id: z.string(), number: z.string().nullable(), status: z.string(), ...money, invoiceDate: isoDate })),
  tickets: z.array(z.object({ id: z.string(), subject: z.string(), status: z.string(), priority: z.string(), createdAt: isoDate })),
});
export type AdminAccountDetail = z.infer<typeof adminAccountDetail>;

export const getAdminAccountDetails = defineContract({
  name: 'getAdminAccountDetails',
  summary: 'One account for operators: its summary and the newest 50 of its members, domains, domain orders, subscriptions, invoices and tickets.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ accountId }, asObject).strict(),
  output: adminAccountDetail,
});

export const contracts = { getAllAccounts, searchAccounts, adminCreateAccount, adminUpdateAccount, adminDeleteAccount, getAdminAccountDetails };
