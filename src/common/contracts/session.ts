import { z } from 'zod';
import { defineContract } from '../protocol.ts';
import { accountId, accountRole, empty, globalRole } from './shared.ts';

export const membershipView = z.object({
  accountId: z.string(),
  accountName: z.string(),
  accountStatus: z.string(),
  role: accountRole,
});

export const sessionState = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), phoneNumber: z.string().nullable() }),
  globalRole,
  memberships: z.array(membershipView),
  activeAccountId: z.string().nullable(),
  activeRole: accountRole.nullable(),
});
export type SessionState = z.infer<typeof sessionState>;

export const getSessionState = defineContract({
  name: 'getSessionState',
  summary: 'The signed-in user, global role, memberships and active account with its role.',
  access: 'user',
  input: empty,
  output: sessionState,
});

export const setActiveAccount = defineContract({
  name: 'setActiveAccount',
  summary: 'Makes one of the caller\'s accounts the active one; it survives a reload.',
  access: 'user',
  input: z.object({ accountId }),
  output: sessionState,
});
