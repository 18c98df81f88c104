import { z } from 'zod';
import { IMPERSONATION_ACCOUNT_REQUIRED, IMPERSONATION_REASON_MAX, IMPERSONATION_REASON_TOO_LONG } from './texts.ts';
import { allow, defineContract } from '../../protocol.ts';
import { asObject, isoDate } from '../../contracts/shared.ts';

export const impersonationStarted = z.object({
  accountId: z.string(),
  accountName: z.string(),
  originalAccountId: z.string().nullable(),
  reason: z.string(),
  startedAt: isoDate,
});
export type ImpersonationStarted = z.infer<typeof impersonationStarted>;

export const contracts = {
  startAccountImpersonation: defineContract({
    name: 'startAccountImpersonation',
    summary: 'A global super admin starts acting as an account in this session, for at most one hour; audited.',
    access: 'back_office',
    kind: 'write',
    permissions: allow.backOffice,
    input: z.object({
      accountId: z.string({ error: IMPERSONATION_ACCOUNT_REQUIRED }).trim().min(1, IMPERSONATION_ACCOUNT_REQUIRED),
      // Blank means the default reason (the server fills it in).
      reason: z.string({ error: IMPERSONATION_REASON_TOO_LONG }).max(IMPERSONATION_REASON_MAX, IMPERSONATION_REASON_TOO_LONG).nullish(),
    }, asObject),
    output: impersonationStarted,
  }),

  stopImpersonation: defineContract({
    name: 'stopImpersonation',
    summary: 'Ends the session\'s impersonation: the operator\'s own active account comes back; audited.',
    access: 'back_office',
    kind: 'write',
    permissions: allow.backOffice,
    input: z.object({}, asObject),
    output: z.object({ originalAccountId: z.string().nullable() }),
  }),
};
