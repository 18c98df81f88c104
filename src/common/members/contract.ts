import { z } from 'zod';
import { INVITE_ROLES } from '../constants.ts';
import { allow, defineContract } from '../protocol.ts';
import { accountId, accountRole, id, isoDate, successMessage } from '../contracts/shared.ts';

export const INVITE_DETAILS_MISSING = 'Account details missing or email is empty.';

const inviteRole = z.enum(INVITE_ROLES, { error: 'Role must be super_admin or member.' });

export const memberView = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: accountRole,
  joinedAt: isoDate,
  isOwner: z.boolean(),
  isSelf: z.boolean(),
  canChangeRole: z.boolean(),
  canRemove: z.boolean(),
});
export type MemberView = z.infer<typeof memberView>;

export const listAccountMembers = defineContract({
  name: 'listAccountMembers',
  summary: 'Members of an account, owner first then by display name, with what the caller may do to each.',
  access: 'user',
  kind: 'read',
  permissions: allow.accountAdmins,
  input: z.object({ accountId }),
  output: z.object({ members: z.array(memberView), count: z.number().int() }),
});

export const updateMemberRole = defineContract({
  name: 'updateMemberRole',
  summary: 'Changes a member\'s role (super_admin or member); never the owner\'s or the caller\'s own.',
  access: 'user',
  kind: 'write',
  permissions: allow.accountAdmins,
  input: z.object({ accountId, memberUid: id('Member ID'), newRole: inviteRole }),
  output: successMessage,
});

export const removeMember = defineContract({
  name: 'removeMember',
  summary: 'Removes a member from an account; never the owner or the caller.',
  access: 'user',
  kind: 'write',
  permissions: allow.accountAdmins,
  input: z.object({ accountId, memberUid: id('Member ID') }),
  output: successMessage,
});

export const sendInvitation = defineContract({
  name: 'sendInvitation',
  summary: 'Invites an e-mail address to the account; the invitation is e-mailed and expires after 7 days.',
  access: 'user',
  kind: 'write',
  permissions: allow.accountAdmins,
  input: z.object({
    accountId: z.string({ error: INVITE_DETAILS_MISSING }).trim().min(1, INVITE_DETAILS_MISSING).max(128),
    inviteeEmail: z.string({ error: INVITE_DETAILS_MISSING }).trim().toLowerCase().min(1, INVITE_DETAILS_MISSING)
      .pipe(z.email('Please enter a valid email address.').max(254)),
    role: inviteRole.default('super_admin'),
  }),
  output: successMessage.extend({ invitationId: z.string() }),
});
