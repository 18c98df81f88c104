import type { Db } from '../db/transaction.ts';

/**
 * The accounts rows (tenancy's, tools/eslint/tableOwners.js) as the accounts and invitations areas
 * read and create them: an account is created with its owner's membership in the same unit of work.
 */

export async function findAccount(db: Db, accountId: string) {
  const row = await db.selectFrom('accounts').select(['id', 'name', 'status', 'owner_id', 'created_at'])
    .where('id', '=', accountId).executeTakeFirst();
  return row && { id: row.id, name: row.name, status: row.status, ownerId: row.owner_id, createdAt: row.created_at };
}

/** The name an invitation shows; null for an account that does not exist. */
export async function findAccountName(db: Db, accountId: string): Promise<string | null> {
  const row = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
  return row?.name ?? null;
}

export async function insertAccountWithOwner(db: Db, account: { id: string; name: string; ownerId: string; now: string }) {
  await db.insertInto('accounts').values({
    id: account.id, name: account.name, status: 'active', owner_id: account.ownerId,
    billing_name: null, billing_email: null, billing_address: null, tax_id: null, stripe_customer_id: null,
    created_at: account.now, updated_at: account.now,
  }).execute();
  await db.insertInto('account_members').values({
    account_id: account.id, user_id: account.ownerId, role: 'account_owner', joined_at: account.now,
  }).execute();
}
