import type { InviteRole } from '../../../common/constants.ts';
import type { Db } from '../../db/transaction.ts';
import { accountName } from '../../access/fragments.ts';

// With the account's name beside them, from tenancy's fragment.
const invitationColumns = ['i.id', 'i.account_id', 'i.email', 'i.role', 'i.status', 'i.invited_by_email', 'i.created_at', 'i.expires_at'] as const;

export async function findInvitation(db: Db, id: string) {
  return db.selectFrom('invitations as i')
    .select((eb) => [...invitationColumns, accountName(eb, eb.ref('i.account_id')).as('account_name')])
    .where('i.id', '=', id).executeTakeFirst();
}

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

export async function listPendingInvitationsFor(db: Db, email: string, now: string) {
  return db.selectFrom('invitations as i')
    .select((eb) => [...invitationColumns, accountName(eb, eb.ref('i.account_id')).as('account_name')])
    .where('i.email', '=', email).where('i.status', '=', 'pending').where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc').orderBy('i.id')
    .execute();
}

export async function revokePendingInvitations(db: Db, accountId: string, email: string) {
  await db.updateTable('invitations').set({ status: 'revoked' })
    .where('account_id', '=', accountId).where('email', '=', email).where('status', '=', 'pending')
    .execute();
}

export async function insertInvitation(db: Db, inv: {
  id: string; accountId: string; email: string; role: InviteRole; invitedByUserId: string; invitedByEmail: string;
  createdAt: string; expiresAt: string;
}) {
  await db.insertInto('invitations').values({
    id: inv.id, account_id: inv.accountId, email: inv.email, role: inv.role, status: 'pending',
    invited_by_user_id: inv.invitedByUserId, invited_by_email: inv.invitedByEmail,
    created_at: inv.createdAt, expires_at: inv.expiresAt, accepted_at: null, accepted_by_user_id: null,
  }).execute();
}

/**
 * Flips a pending, unexpired invitation to accepted. The status guard makes a second
 * (or concurrent) accept update nothing, so the caller can tell it lost.
 */
export async function markAccepted(db: Db, id: string, userId: string, now: string): Promise<boolean> {
  const result = await db.updateTable('invitations')
    .set({ status: 'accepted', accepted_at: now, accepted_by_user_id: userId })
    .where('id', '=', id).where('status', '=', 'pending').where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
