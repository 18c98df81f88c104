import { sql } from 'kysely';
import type { InviteRole } from '../../../common/constants.ts';
import type { Db } from '../../db/transaction.ts';

const invitationColumns = [
  'i.id', 'i.account_id', 'i.email', 'i.role', 'i.status', 'i.invited_by_email',
  'i.created_at', 'i.expires_at', 'a.name as account_name',
] as const;

export async function findInvitation(db: Db, id: string) {
  return db.selectFrom('invitations as i').innerJoin('accounts as a', 'a.id', 'i.account_id')
    .select(invitationColumns).where('i.id', '=', id).executeTakeFirst();
}

/** The name the invitation mail shows; invitations read accounts with their own query. */
export async function findAccountName(db: Db, accountId: string): Promise<string | null> {
  const row = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
  return row?.name ?? null;
}

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

export async function listPendingInvitationsFor(db: Db, email: string, now: string) {
  return db.selectFrom('invitations as i').innerJoin('accounts as a', 'a.id', 'i.account_id')
    .select(invitationColumns)
    .where('i.email', '=', email).where('i.status', '=', 'pending').where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc').orderBy('i.id')
    .execute();
}

/** Whether a user with this e-mail (any case) is already a member of the account. */
export async function isMemberByEmail(db: Db, accountId: string, email: string): Promise<boolean> {
  const row = await db.selectFrom('account_members as m').innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.account_id', '=', accountId).where(sql<string>`lower(u.email)`, '=', email)
    .executeTakeFirst();
  return Boolean(row);
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

/** Adds the membership; an existing one (any role, the owner's included) is left untouched. Answers whether it was added. */
export async function addMembershipIfAbsent(db: Db, accountId: string, userId: string, role: InviteRole, now: string): Promise<boolean> {
  const result = await db.insertInto('account_members')
    .values({ account_id: accountId, user_id: userId, role, joined_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
