import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { accountId, accountRole, id, isoDate, successMessage } from '../contracts/shared.ts';

/** An invitation as the inviting account's owner and admins see it. */
export const accountInvitationView = z.object({
  id: z.string(),
  email: z.string(),
  role: accountRole,
  invitedByEmail: z.string(),
  createdAt: isoDate,
  expiresAt: isoDate,
});
export type AccountInvitationView = z.infer<typeof accountInvitationView>;

export const listAccountInvitations = defineContract({
  name: 'listAccountInvitations',
  summary: 'The account\'s pending, unexpired invitations, newest first; for its owner and admins.',
  access: 'user',
  kind: 'read',
  permissions: allow.accountAdmins,
  input: z.object({ accountId }),
  output: z.object({ invitations: z.array(accountInvitationView), limit: z.number().int() }),
});

export const revokeInvitation = defineContract({
  name: 'revokeInvitation',
  summary: 'Withdraws a pending invitation of the account: its link is refused from then on.',
  access: 'user',
  kind: 'write',
  permissions: allow.accountAdmins,
  input: z.object({ accountId, invitationId: id('Invitation ID') }).strict(),
  output: successMessage,
});
