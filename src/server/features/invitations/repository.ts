import type { InviteRole } from '../../../common/constants.ts';
import type { Db } from '../../db/transaction.ts';
import { accountName } from '../../access/fragments.ts';

// With the account's name beside them, from tenancy's fragment.
const invitationColumns = ['i.id', 'i.account_id', 'i.email', 'i.role', 'i.status', 'i.invited_by_email', 'i.created_at', 'i.expires_at', 'i.revoked_at'] as const;

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

export async function revokePendingInvitations(db: Db, accountId: string, email: string, now: string) {
  await db.updateTable('invitations').set({ status: 'revoked', revoked_at: now })
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

/** An account's pending, unexpired invitations, newest first (invitations_account_status_expires). */
export async function listPendingInvitationsOfAccount(db: Db, accountId: string, now: string) {
  return db.selectFrom('invitations')
    .select(['id', 'email', 'role', 'invited_by_email', 'created_at', 'expires_at'])
    .where('account_id', '=', accountId).where('status', '=', 'pending').where('expires_at', '>', now)
    .orderBy('created_at', 'desc').orderBy('id')
    .execute();
}

/** Pending, unexpired invitations of the account to addresses other than `exceptEmail` (which a re-send replaces). */
export async function countPendingInvitationsOfAccount(db: Db, accountId: string, now: string, exceptEmail: string): Promise<number> {
  const row = await db.selectFrom('invitations').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId).where('status', '=', 'pending').where('expires_at', '>', now).where('email', '<>', exceptEmail)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Invitations the account sent to one address since `since`, whatever became of them (invitations_account_email_created). */
export async function countInvitationsToAddressSince(db: Db, accountId: string, email: string, since: string): Promise<number> {
  const row = await db.selectFrom('invitations').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId).where('email', '=', email).where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The invitation only when it belongs to the account: another account's id reads as unknown. */
export async function findInvitationOfAccount(db: Db, accountId: string, id: string) {
  return db.selectFrom('invitations').select(['id', 'email', 'role', 'status', 'expires_at'])
    .where('id', '=', id).where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Flips one pending invitation to revoked; false when it was no longer pending (accepted or revoked meanwhile). */
export async function markRevoked(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('invitations').set({ status: 'revoked', revoked_at: now })
    .where('id', '=', id).where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every pending invitation a user sent from the account; answers their ids. */
export async function revokeInvitationsSentBy(db: Db, accountId: string, userId: string, now: string): Promise<string[]> {
  const rows = await db.updateTable('invitations').set({ status: 'revoked', revoked_at: now })
    .where('account_id', '=', accountId).where('invited_by_user_id', '=', userId).where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
