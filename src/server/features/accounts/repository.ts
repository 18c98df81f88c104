import type { Kysely, Transaction } from 'kysely';
import { toIso } from '../../db/connection.ts';
import { preparedQuery } from '../../db/preparedQuery.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const membershipRole = preparedQuery<{ accountId: string; userId: string }, { role: string }>((db, p) =>
  db.selectFrom('account_members').select('role').where('account_id', '=', p.accountId).where('user_id', '=', p.userId));

/** Asked by every account-scoped call, so it takes the prepared fast path. */
export async function findMembershipRole(db: Kysely<Database>, accountId: string, userId: string): Promise<string | null> {
  return (await membershipRole.first(db, { accountId, userId }))?.role ?? null;
}

export async function listMemberships(db: Db, userId: string) {
  const rows = await db.selectFrom('account_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['a.id', 'a.name', 'a.status', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('m.joined_at').orderBy('a.name')
    .execute();
  return rows;
}

export async function findAccount(db: Db, accountId: string) {
  const row = await db.selectFrom('accounts').select(['id', 'name', 'status', 'owner_id', 'created_at'])
    .where('id', '=', accountId).executeTakeFirst();
  return row && { id: row.id, name: row.name, status: row.status, ownerId: row.owner_id, createdAt: toIso(row.created_at)! };
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

export async function findUserForSession(db: Db, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'phone_number', 'role', 'active_account_id'])
    .where('id', '=', userId).executeTakeFirst();
}

export async function setActiveAccountId(db: Db, userId: string, accountId: string | null) {
  await db.updateTable('users').set({ active_account_id: accountId }).where('id', '=', userId).execute();
}
