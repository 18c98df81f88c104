import type { AccountInvitationView } from '../../../common/invitations/accountInvitations.ts';
import { INVITATION_NOT_FOUND, INVITATION_NOT_PENDING } from '../../../common/invitations/texts.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { failedPrecondition, notFound } from '../../rpc/errors.ts';
import { isExpired } from './policy.ts';
import { findInvitationOfAccount, listPendingInvitationsOfAccount, markRevoked, revokeInvitationsSentBy } from './repository.ts';

/** The invitations an account's owner and admins manage: called after requireInvitationManager. */
export async function pendingInvitationsOfAccount({ db, clock }: Pick<Services, 'db' | 'clock'>, accountId: string): Promise<AccountInvitationView[]> {
  const rows = await listPendingInvitationsOfAccount(db, accountId, clock.nowIso());
  return rows.map((r) => ({
    id: r.id, email: r.email, role: r.role, invitedByEmail: r.invited_by_email, createdAt: r.created_at, expiresAt: r.expires_at,
  }));
}

/**
 * Withdraws one pending invitation of the account. Another account's id answers as unknown
 * (NOT_FOUND), so ids cannot be probed across accounts; an expired one has nothing to withdraw.
 */
export async function revokeAccountInvitation({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller, accountId: string, invitationId: string): Promise<void> {
  const now = clock.now();
  const invitation = await findInvitationOfAccount(db, accountId, invitationId);
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  if (invitation.status !== 'pending' || isExpired(invitation, now)) throw failedPrecondition(INVITATION_NOT_PENDING);
  const at = now.toISOString();
  await inTransaction(db, async (tx) => {
    // Accepted or revoked by someone else since the read: say so rather than report a revocation.
    if (!await markRevoked(tx.db, invitationId, at)) throw failedPrecondition(INVITATION_NOT_PENDING);
    await recordEvent(tx, {
      type: 'user.invitation.revoked', accountId, actor: byCaller(caller), payload: { invitationIds: [invitationId], cause: 'revoked' }, at,
    });
    await recordIfActingAs(tx, caller, {
      action: 'invitation.revoked', target: { type: 'invitation', id: invitationId },
      before: { status: 'pending', email: invitation.email, role: invitation.role }, after: { status: 'revoked' }, at,
    });
  });
}

/**
 * Inside the unit of work that removes a member or takes away their right to invite: what they
 * sent can no longer be trusted to speak for the account, so it is withdrawn with them.
 */
export async function revokeInvitationsOfSender(tx: Tx, caller: Caller, accountId: string, senderId: string, cause: 'sender_removed' | 'sender_demoted', at: string): Promise<void> {
  const ids = await revokeInvitationsSentBy(tx.db, accountId, senderId, at);
  if (ids.length === 0) return;
  await recordEvent(tx, { type: 'user.invitation.revoked', accountId, actor: byCaller(caller), payload: { invitationIds: ids, cause }, at });
}
