import type { Db } from '../db/transaction.ts';

/**
 * Tenancy's rows for an ownership transfer (tools/eslint/tableOwners.js): accounts.owner_id and
 * both memberships change together, in the caller's unit of work. The former owner stays as an
 * account admin, so nobody is locked out of an account they just handed on.
 */
export async function moveOwnership(db: Db, accountId: string, from: string, to: string, at: string): Promise<void> {
  await db.updateTable('accounts').set({ owner_id: to, updated_at: at }).where('id', '=', accountId).execute();
  await db.updateTable('account_members').set({ role: 'account_owner' }).where('account_id', '=', accountId).where('user_id', '=', to).execute();
  await db.updateTable('account_members').set({ role: 'super_admin' }).where('account_id', '=', accountId).where('user_id', '=', from).execute();
}
