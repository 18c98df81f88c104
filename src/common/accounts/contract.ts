import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../constants.ts';
import { allow, defineContract } from '../protocol.ts';
import { accountId, accountRole, empty, isoDate } from '../contracts/shared.ts';

export const ACCOUNT_NAME_REQUIRED = 'Account name is required and you must be logged in.';

export const accountSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  role: accountRole,
});

export const accountAbilities = z.object({
  manageSettings: z.boolean(),
  manageMembers: z.boolean(),
  manageBilling: z.boolean(),
});

export const accountView = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  ownerId: z.string(),
  createdAt: isoDate,
  role: accountRole,
  abilities: accountAbilities,
});
export type AccountView = z.infer<typeof accountView>;

export const listMyAccounts = defineContract({
  name: 'listMyAccounts',
  summary: 'Accounts the caller is a member of, with the caller\'s role in each.',
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: empty,
  output: z.object({ accounts: z.array(accountSummary) }),
});

export const createAccount = defineContract({
  name: 'createAccount',
  summary: 'Creates an active account owned by the caller and makes it the active account.',
  access: 'user',
  kind: 'write',
  permissions: allow.signedIn,
  unauthenticatedMessage: ACCOUNT_NAME_REQUIRED,
  input: z.object({
    accountName: z.string({ error: ACCOUNT_NAME_REQUIRED }).trim().min(1, ACCOUNT_NAME_REQUIRED)
      .max(100, 'Account name must be at most 100 characters.'),
  }).strict(),
  output: z.object({ account: accountSummary }),
});

export const getAccount = defineContract({
  name: 'getAccount',
  summary: 'One account the caller belongs to, with the caller\'s role and abilities.',
  access: 'user',
  kind: 'read',
  permissions: allow.members,
  input: z.object({ accountId }),
  output: accountView,
});
