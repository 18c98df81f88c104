import type { GlobalRole } from '../../common/constants.ts';
import type { Db } from '../db/transaction.ts';
import { accountIdsOf } from '../access/fragments.ts';

/**
 * The users table belongs to identity (tools/eslint/tableOwners.js): the reads and changes other
 * places make of a user go through here, so better-auth's rows have one set of writers to reason about.
 */

export interface UserDetailChanges {
  name: string;
  email: string;
  phone_number: string | null;
  updated_at: string;
  email_verified?: false;
}

export async function updateUserDetails(db: Db, userId: string, changes: UserDetailChanges): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** Locks every global super admin's row (PostgreSQL), so two demotions cannot both pass the last-admin rule. */
export async function lockSuperAdmins(db: Db): Promise<void> {
  await db.selectFrom('users').select('id').where('role', '=', 'super_admin').forUpdate().execute();
}

export async function setGlobalRole(db: Db, userId: string, role: GlobalRole, now: string): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', userId).execute();
}

export async function setUserDisabled(db: Db, userId: string, disabled: boolean, now: string): Promise<void> {
  await db.updateTable('users').set({ disabled, updated_at: now }).where('id', '=', userId).execute();
}

export async function findActiveAccountId(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('active_account_id').where('id', '=', userId).executeTakeFirst();
  return row?.active_account_id ?? null;
}

export async function setActiveAccountId(db: Db, userId: string, accountId: string | null): Promise<void> {
  await db.updateTable('users').set({ active_account_id: accountId }).where('id', '=', userId).execute();
}

/** Forgets the user's active account only if it is this one (the membership ended). */
export async function clearActiveAccountIf(db: Db, userId: string, accountId: string): Promise<void> {
  await db.updateTable('users').set({ active_account_id: null })
    .where('id', '=', userId).where('active_account_id', '=', accountId).execute();
}

export async function findUserForSession(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'phone_number', 'role', 'active_account_id'])
    .where('id', '=', userId).executeTakeFirst();
}

export async function findUserEmail(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/** The profile page's user, and whether it belongs to any account. */
export async function findProfileRow(db: Db, userId: string) {
  return db.selectFrom('users').select(['email', 'name', 'phone_number', 'two_factor_enabled'])
    .select((eb) => eb.exists(accountIdsOf(eb, eb.ref('users.id'))).as('has_accounts'))
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** `phoneNumber: undefined` leaves the stored number as it is. */
export async function updateProfileRow(db: Db, userId: string, change: { name: string; phoneNumber?: string | null; now: string }): Promise<void> {
  await db.updateTable('users')
    .set({
      name: change.name,
      ...(change.phoneNumber === undefined ? {} : { phone_number: change.phoneNumber }),
      updated_at: change.now,
    })
    .where('id', '=', userId)
    .execute();
}
