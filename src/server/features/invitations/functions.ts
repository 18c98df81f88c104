import * as accountInvitations from '../../../common/invitations/accountInvitations.ts';
import * as invitations from '../../../common/invitations/contract.ts';
import { MAX_PENDING_INVITATIONS_PER_ACCOUNT } from '../../../common/invitations/limits.ts';
import { INVITATION_REVOKED_DONE } from '../../../common/invitations/texts.ts';
import { sendInvitation } from '../../../common/members/contract.ts';
import { implement } from '../../rpc/registry.ts';
import { pendingInvitationsOfAccount, revokeAccountInvitation } from './accountInvitations.ts';
import { requireInvitationManager, requireInviter, requireNotImpersonating } from './policy.ts';
import { acceptInvitationAs, invitationById, inviteToAccount, pendingInvitationsFor } from './service.ts';

export const handlers = [
  implement(sendInvitation, async ({ accountId, inviteeEmail, role }, { caller, services }) => {
    await requireInviter(services.db, caller, accountId);
    const invitationId = await inviteToAccount(services, caller, { accountId, email: inviteeEmail, role });
    return { success: true as const, message: `Invitation sent successfully to ${inviteeEmail}.`, invitationId };
  }),

  // Public: the unguessable id is the capability (the invitee may not have signed up yet).
  implement(invitations.getInvitation, async ({ invitationId }, { caller, services }) => invitationById(services, caller, invitationId)),

  implement(invitations.acceptInvitation, async ({ invitationId }, { caller, services }) => {
    requireNotImpersonating(caller);
    const accountId = await acceptInvitationAs(services, caller, invitationId);
    return { success: true as const, message: 'Invitation accepted successfully! Redirecting...', accountId };
  }),

  implement(invitations.listMyInvitations, async (_input, { caller, services }) => pendingInvitationsFor(services, caller)),

  implement(accountInvitations.listAccountInvitations, async ({ accountId }, { caller, services }) => {
    await requireInvitationManager(services.db, caller, accountId);
    return { invitations: await pendingInvitationsOfAccount(services, accountId), limit: MAX_PENDING_INVITATIONS_PER_ACCOUNT };
  }),

  implement(accountInvitations.revokeInvitation, async ({ accountId, invitationId }, { caller, services }) => {
    await requireInvitationManager(services.db, caller, accountId);
    await revokeAccountInvitation(services, caller, accountId, invitationId);
    return { success: true as const, message: INVITATION_REVOKED_DONE };
  }),
];
