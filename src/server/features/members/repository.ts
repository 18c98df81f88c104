import type { InviteRole } from '../../../common/constants.ts';
import type { Db } from '../../db/transaction.ts';

/** Members of one account with their user details; ordering is the service's business. */
export async function listMemberRows(db: Db, accountId: string) {
  return db.selectFrom('account_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.user_id', 'm.role', 'm.joined_at', 'u.name', 'u.email', 'a.owner_id'])
    .where('m.account_id', '=', accountId)
    .execute();
}

/** One membership plus whether that user owns the account. */
export async function findMemberRow(db: Db, accountId: string, userId: string) {
  return db.selectFrom('account_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.user_id', 'm.role', 'a.owner_id'])
    .where('m.account_id', '=', accountId).where('m.user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateMemberRoleRow(db: Db, accountId: string, userId: string, role: InviteRole) {
  await db.updateTable('account_members').set({ role })
    .where('account_id', '=', accountId).where('user_id', '=', userId).execute();
}

export async function deleteMemberRow(db: Db, accountId: string, userId: string) {
  await db.deleteFrom('account_members').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
}

/** Forgets the user's active account only if it is this one. */
export async function clearActiveAccountIf(db: Db, userId: string, accountId: string) {
  await db.updateTable('users').set({ active_account_id: null })
    .where('id', '=', userId).where('active_account_id', '=', accountId).execute();
}
