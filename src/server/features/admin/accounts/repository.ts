import { type SqlBool, sql } from 'kysely';
import type { AccountSortField } from '../../../../common/admin/accounts/texts.ts';
import type { Db } from '../../../db/transaction.ts';
import { likeContaining, likeStartingWith } from '../../../db/textMatch.ts';

/** One account row with its owner and counts, as the list and the detail page read it. */
export interface AccountRow {
  id: string;
  name: string;
  status: 'active' | 'suspended' | 'closed';
  owner_id: string;
  owner_email: string;
  owner_name: string;
  billing_name: string | null;
  billing_email: string | null;
  billing_address: string | null;
  tax_id: string | null;
  created_at: string;
  updated_at: string;
  member_count: number | string | bigint;
  domain_count: number | string | bigint | null;
  recent_order_count: number | string | bigint;
  /** The sort column as text, exactly as the database compares it (PostgreSQL keeps microseconds a Date would drop). */
  position: string;
}

export interface AccountPageQuery {
  name: string | null;
  email: string | null;
  sortBy: AccountSortField;
  sortOrder: 'asc' | 'desc';
  after: { value: string; id: string } | null;
  limit: number;
  /** Orders created at or after this instant count as recent. */
  recentSince: string;
}

const SORT_COLUMN = { createdAt: 'a.created_at', name: 'a.name' } as const;

/** A LIKE pattern matching `text` anywhere, with the pattern characters taken literally. */
const likeLower = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

function accountsWithCounts(db: Db, recentSince: string, sortBy: AccountSortField) {
  return db.selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.owner_id')
    .select([
      'a.id', 'a.name', 'a.status', 'a.owner_id', 'u.email as owner_email', 'u.name as owner_name',
      'a.billing_name', 'a.billing_email', 'a.billing_address', 'a.tax_id', 'a.created_at', 'a.updated_at',
      (eb) => eb.selectFrom('account_members as m')
        .select((e) => e.fn.countAll().as('c')).whereRef('m.account_id', '=', 'a.id').as('member_count'),
      // The per-account counts the domains triggers keep (migration 0011): no scan of the account's domains.
      (eb) => eb.selectFrom('domain_status_counts as c')
        .select((e) => e.fn.sum<number>('c.domain_count').as('s')).whereRef('c.account_id', '=', 'a.id').as('domain_count'),
      (eb) => eb.selectFrom('domain_orders as o')
        .select((e) => e.fn.countAll().as('c')).whereRef('o.account_id', '=', 'a.id').where('o.created_at', '>=', recentSince)
        .as('recent_order_count'),
      sql<string>`cast(${sql.ref(SORT_COLUMN[sortBy])} as text)`.as('position'),
    ]);
}

export async function pageOfAccounts(db: Db, q: AccountPageQuery): Promise<AccountRow[]> {
  const column = SORT_COLUMN[q.sortBy];
  const beyond = q.sortOrder === 'asc' ? '>' : '<';
  let query = accountsWithCounts(db, q.recentSince, q.sortBy);
  if (q.name) query = query.where(likeLower('a.name', likeContaining(q.name)));
  if (q.email) {
    const pattern = likeContaining(q.email);
    query = query.where((eb) => eb.or([likeLower('u.email', pattern), likeLower('a.billing_email', pattern)]));
  }
  if (q.after) {
    const { value, id } = q.after;
    // A row comparison lets both databases start the index scan at the cursor.
    query = query.where(sql<SqlBool>`((${sql.ref(column)}, a.id) ${sql.raw(beyond)} (${value}, ${id}))`);
  }
  const rows = await query.orderBy(sql.ref(column), q.sortOrder).orderBy('a.id', q.sortOrder).limit(q.limit).execute();
  return rows as AccountRow[];
}

export async function accountWithCounts(db: Db, accountId: string, recentSince: string): Promise<AccountRow | undefined> {
  const row = await accountsWithCounts(db, recentSince, 'createdAt').where('a.id', '=', accountId).executeTakeFirst();
  return row as AccountRow | undefined;
}

export async function accountOptions(db: Db, limit: number) {
  return db.selectFrom('accounts').select(['id', 'name']).orderBy('name').orderBy('id').limit(limit).execute();
}

export async function accountsByNamePrefix(db: Db, prefix: string, limit: number) {
  return db.selectFrom('accounts as a').innerJoin('users as u', 'u.id', 'a.owner_id')
    .select(['a.id', 'a.name', 'u.email as ownerEmail'])
    .where(likeLower('a.name', likeStartingWith(prefix)))
    .orderBy('a.name').orderBy('a.id').limit(limit).execute();
}

export async function accountById(db: Db, accountId: string) {
  return db.selectFrom('accounts as a').innerJoin('users as u', 'u.id', 'a.owner_id')
    .select(['a.id', 'a.name', 'u.email as ownerEmail'])
    .where('a.id', '=', accountId).executeTakeFirst();
}

export async function findUserIdByEmail(db: Db, email: string) {
  const row = await db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = ${email.toLowerCase()}`).executeTakeFirst();
  return row?.id ?? null;
}

export interface NewAccount {
  id: string;
  name: string;
  ownerId: string;
  billingName: string | null;
  billingEmail: string | null;
  billingAddress: string | null;
  taxId: string | null;
  now: string;
}

export async function insertAccount(db: Db, a: NewAccount) {
  await db.insertInto('accounts').values({
    id: a.id, name: a.name, status: 'active', owner_id: a.ownerId,
    billing_name: a.billingName, billing_email: a.billingEmail, billing_address: a.billingAddress, tax_id: a.taxId,
    stripe_customer_id: null, created_at: a.now, updated_at: a.now,
  }).execute();
  await db.insertInto('account_members').values({ account_id: a.id, user_id: a.ownerId, role: 'account_owner', joined_at: a.now }).execute();
}

export interface AccountChanges {
  name?: string;
  status?: 'active' | 'suspended' | 'closed';
  billing_name?: string | null;
  billing_email?: string | null;
  billing_address?: string | null;
  tax_id?: string | null;
}

export async function updateAccount(db: Db, accountId: string, changes: AccountChanges, now: string) {
  await db.updateTable('accounts').set({ ...changes, updated_at: now }).where('id', '=', accountId).execute();
}

export async function countOrdersInProgress(db: Db, accountId: string): Promise<number> {
  const row = await db.selectFrom('domain_orders').select((eb) => eb.fn.countAll().as('c'))
    .where('account_id', '=', accountId).where('status', '=', 'processing').executeTakeFirstOrThrow();
  return Number(row.c);
}

export async function domainNamesOf(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('domains').select('name').where('account_id', '=', accountId).orderBy('name').execute();
  return rows.map((r) => r.name);
}

export async function moveDomains(db: Db, fromAccountId: string, toAccountId: string, now: string): Promise<number> {
  const result = await db.updateTable('domains').set({ account_id: toAccountId, updated_at: now }).where('account_id', '=', fromAccountId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the account; members, domains, domain orders, billing, tickets and impersonations go with it (ON DELETE CASCADE). */
export async function deleteAccount(db: Db, accountId: string) {
  // users.active_account_id has no foreign key: nobody should keep a deleted account as their active one.
  await db.updateTable('users').set({ active_account_id: null }).where('active_account_id', '=', accountId).execute();
  await db.deleteFrom('accounts').where('id', '=', accountId).execute();
}
