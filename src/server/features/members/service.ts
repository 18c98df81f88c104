import type { Kysely } from 'kysely';
import type { AccountRole, InviteRole } from '../../../common/constants.ts';
import type { MemberView } from '../../../common/members/contract.ts';
import type { Database } from '../../db/schema.ts';
import { deleteMemberRow, listMemberRows, updateMemberRoleRow } from '../../access/members.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { clearActiveAccountIf } from '../../auth/users.ts';
import { inTransaction } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import { announceAccessChanged } from '../../live/accessChanges.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { mayInvite, revokeInvitationsOfSender } from '../invitations/index.ts';
import { isOwnerRow, memberAbilities } from './policy.ts';

/** Owner first, then by display name (case-insensitive, the same on both dialects), then e-mail. */
export async function listMembersFor(db: Kysely<Database>, viewer: { userId: string; role: AccountRole }, accountId: string): Promise<MemberView[]> {
  const rows = await listMemberRows(db, accountId);
  const members = rows.map((row) => {
    const isOwner = isOwnerRow(row);
    return {
      userId: row.user_id,
      displayName: row.name.trim() || row.email,
      email: row.email,
      role: row.role,
      joinedAt: row.joined_at,
      isOwner,
      isSelf: row.user_id === viewer.userId,
      ...memberAbilities(viewer, { userId: row.user_id, isOwner }),
    };
  });
  return members.sort((a, b) => Number(b.isOwner) - Number(a.isOwner)
    || a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' })
    || a.email.localeCompare(b.email));
}

type Member = { userId: string; role: AccountRole };

export async function changeMemberRole({ db, clock, live }: Pick<Services, 'db' | 'clock' | 'live'>, caller: Caller, accountId: string, member: Member, role: InviteRole) {
  await inTransaction(db, async (tx) => {
    const at = clock.nowIso();
    await updateMemberRoleRow(tx.db, accountId, member.userId, role);
    // A demoted admin may no longer read the account's other tickets: their open streams are checked again.
    announceAccessChanged(tx, live, member.userId);
    if (mayInvite(member.role) && !mayInvite(role)) await revokeInvitationsOfSender(tx, caller, accountId, member.userId, 'sender_demoted', at);
    await recordEvent(tx, { type: 'user.role.updated', accountId, actor: byCaller(caller), payload: { userId: member.userId, role }, at });
    await recordIfActingAs(tx, caller, {
      action: 'member.role_changed', target: { type: 'account_member', id: `${accountId}:${member.userId}` },
      before: { role: member.role }, after: { role }, at,
    });
  });
}

/** Removes the membership and, if the account was the member's active one, forgets it. */
export async function removeMembership({ db, clock, live }: Pick<Services, 'db' | 'clock' | 'live'>, caller: Caller, accountId: string, member: Member) {
  await inTransaction(db, async (tx) => {
    const at = clock.nowIso();
    await deleteMemberRow(tx.db, accountId, member.userId);
    await revokeInvitationsOfSender(tx, caller, accountId, member.userId, 'sender_removed', at);
    await clearActiveAccountIf(tx.db, member.userId, accountId);
    // Their open streams on this account's topics close once the removal is committed (issue 21).
    announceAccessChanged(tx, live, member.userId);
    await recordEvent(tx, { type: 'user.member.removed', accountId, actor: byCaller(caller), payload: { userId: member.userId }, at });
    await recordIfActingAs(tx, caller, {
      action: 'member.removed', target: { type: 'account_member', id: `${accountId}:${member.userId}` }, before: { role: member.role }, after: null, at,
    });
  });
}

