import type { GlobalRole } from '../../common/constants.ts';
import type { Db } from '../db/transaction.ts';

/**
 * The users table belongs to identity (tools/eslint/tableOwners.js): the changes other places make
 * to a user go through here, so better-auth's rows have one set of writers to reason about.
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
