import { sql } from 'kysely';
import type { InviteRole } from '../../common/constants.ts';
import type { Db } from '../db/transaction.ts';
import { userEmail, userName } from '../auth/fragments.ts';

/**
 * The account_members rows (tenancy's, tools/eslint/tableOwners.js) as the members and invitations
 * areas read and change them; the member's name and address come from identity's fragments.
 */

/** Members of one account with their user details; ordering is the caller's business. */
export async function listMemberRows(db: Db, accountId: string) {
  return db.selectFrom('account_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select((eb) => ['m.user_id', 'm.role', 'm.joined_at', userName(eb, eb.ref('m.user_id')).as('name'),
      userEmail(eb, eb.ref('m.user_id')).as('email'), 'a.owner_id'])
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

/** Whether a user with this e-mail (any case) is already a member of the account. */
export async function isMemberByEmail(db: Db, accountId: string, email: string): Promise<boolean> {
  const row = await db.selectFrom('account_members as m')
    .select('m.user_id')
    .where('m.account_id', '=', accountId).where((eb) => eb(sql<string>`lower(${userEmail(eb, eb.ref('m.user_id'))})`, '=', email))
    .executeTakeFirst();
  return Boolean(row);
}

/** Adds the membership; an existing one (any role, the owner's included) is left untouched. Answers whether it was added. */
export async function addMembershipIfAbsent(db: Db, accountId: string, userId: string, role: InviteRole, now: string): Promise<boolean> {
  const result = await db.insertInto('account_members')
    .values({ account_id: accountId, user_id: userId, role, joined_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
