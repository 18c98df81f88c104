import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../constants.ts';
import { allow, defineContract } from '../protocol.ts';
import { accountAbilities } from '../accounts/contract.ts';
import { accountId, accountRole, empty, globalRole, isoDate } from '../contracts/shared.ts';

/** A membership with what the caller may do in that account, so the web never derives it from the role. */
export const membershipView = z.object({
  accountId: z.string(),
  accountName: z.string(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  role: accountRole,
  abilities: accountAbilities,
});

/**
 * Set while a global super admin acts as an account in this session: the account acted as,
 * the account to go back to when it stops, who the operator is and why.
 */
export const impersonationView = z.object({
  accountId: z.string(),
  accountName: z.string(),
  originalAccountId: z.string().nullable(),
  operatorUserId: z.string(),
  operatorEmail: z.string(),
  reason: z.string(),
  startedAt: isoDate,
});

export const sessionState = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), phoneNumber: z.string().nullable() }),
  globalRole,
  memberships: z.array(membershipView),
  activeAccountId: z.string().nullable(),
  activeRole: accountRole.nullable(),
  activeAbilities: accountAbilities.nullable(),
  impersonation: impersonationView.nullable(),
  /** REQUIRE_ADMIN_2FA holds this operator back until they set up a second factor: the web app sends them to enrol. */
  mustEnrolSecondFactor: z.boolean(),
});
export type SessionState = z.infer<typeof sessionState>;

export const getSessionState = defineContract({
  name: 'getSessionState',
  summary: 'The signed-in user, global role, memberships and active account with its role.',
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: empty,
  output: sessionState,
});

export const setActiveAccount = defineContract({
  name: 'setActiveAccount',
  summary: 'Makes one of the caller\'s accounts the active one; it survives a reload.',
  access: 'user',
  kind: 'write',
  permissions: allow.members,
  input: z.object({ accountId }),
  output: sessionState,
});
