import { type AliasableExpression, type Expression, type SqlBool, sql } from 'kysely';
import type { AccountSortField } from '../../common/admin/accounts/texts.ts';
import type { AdminAccount, AdminAccountDetail } from '../../common/admin/accounts/contract.ts';
import type { AdminUserDetails } from '../../common/admin/users/contract.ts';
import type { Db } from '../db/transaction.ts';
import { likeContaining, likeStartingWith } from '../db/textMatch.ts';
import { userAddresses, userEmail, userName } from '../auth/fragments.ts';
import { forgetActiveAccount } from '../auth/operatorUsers.ts';
import { memberCount } from './fragments.ts';
import type { FragmentScope } from '../db/fragment.ts';

/**
 * The back office's reads and changes of accounts (tenancy's table): the list and detail with the
 * owner and counts, the pickers, creation with the owner's membership, changes and deletion.
 */

/** An account as operators see it, before the back office labels its activity. */
export type OperatorAccount = Omit<AdminAccount, 'activity'>;

/** The last row of a page: its sort value as the database compares it (PostgreSQL keeps microseconds a Date would drop). */
export interface AccountListPosition {
  value: string;
  id: string;
}

type Count = AliasableExpression<number | string | bigint | null>;

/**
 * The domain counts beside each account, written by the domains area that keeps them (its
 * fragments): tenancy takes them as columns, so the list stays one query without knowing their tables.
 */
export interface AccountActivity {
  domainCount: (eb: FragmentScope, accountId: Expression<string>) => Count;
  /** Orders created at or after `since`. */
  recentOrderCount: (eb: FragmentScope, accountId: Expression<string>, since: string) => Count;
}

export interface AccountPageQuery {
  name: string | null;
  email: string | null;
  sortBy: AccountSortField;
  sortOrder: 'asc' | 'desc';
  after: AccountListPosition | null;
  limit: number;
  /** Orders created at or after this instant count as recent. */
  recentSince: string;
}

const SORT_COLUMN = { createdAt: 'a.created_at', name: 'a.name' } as const;

/** A LIKE pattern matching `text` anywhere, with the pattern characters taken literally. */
const likeLower = (value: Expression<unknown>, pattern: string) => sql<boolean>`lower(${value}) like ${pattern} escape '\\'`;

const ACCOUNT_COLUMNS = [
  'a.id', 'a.name', 'a.status', 'a.owner_id', 'a.billing_name', 'a.billing_email', 'a.billing_address', 'a.tax_id', 'a.created_at', 'a.updated_at',
] as const;

/** The accounts a read picks, with their sort value as text (as the database compares it). */
function accountsBy(db: Db, sortBy: AccountSortField) {
  return db.selectFrom('accounts as a').select([...ACCOUNT_COLUMNS, sql<string>`cast(${sql.ref(SORT_COLUMN[sortBy])} as text)`.as('position')]);
}

/**
 * The picked accounts with their owner and counts, looked up for those rows only: the page is
 * chosen first, so a sort over many accounts never counts or looks up the ones it leaves out.
 */
function withOwnerAndCounts(db: Db, picked: ReturnType<typeof accountsBy>, activity: AccountActivity, recentSince: string) {
  return db.selectFrom(picked.as('a'))
    .select((eb) => [
      ...ACCOUNT_COLUMNS, 'a.position',
      // Every account has its owner (accounts.owner_id references users).
      userEmail(eb, eb.ref('a.owner_id')).$notNull().as('owner_email'), userName(eb, eb.ref('a.owner_id')).$notNull().as('owner_name'),
      memberCount(eb, eb.ref('a.id')).as('member_count'),
      activity.domainCount(eb, eb.ref('a.id')).as('domain_count'),
      activity.recentOrderCount(eb, eb.ref('a.id'), recentSince).as('recent_order_count'),
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof withOwnerAndCounts>['execute']>>[number];

function toOperatorAccount(row: AccountRow): OperatorAccount {
  return {
    id: row.id, name: row.name, status: row.status,
    owner: { id: row.owner_id, email: row.owner_email, name: row.owner_name },
    billingName: row.billing_name, billingEmail: row.billing_email, billingAddress: row.billing_address, taxId: row.tax_id,
    memberCount: Number(row.member_count), domainCount: Number(row.domain_count ?? 0), recentOrderCount: Number(row.recent_order_count),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

/** One page in keyset order on (sort value, id); `next` is set when another page follows. */
export async function pageOfOperatorAccounts(db: Db, q: AccountPageQuery, activity: AccountActivity) {
  const column = SORT_COLUMN[q.sortBy];
  const beyond = q.sortOrder === 'asc' ? '>' : '<';
  let page = accountsBy(db, q.sortBy);
  if (q.name) page = page.where(likeLower(sql.ref('a.name'), likeContaining(q.name)));
  if (q.email) {
    const pattern = likeContaining(q.email);
    page = page.$if(true, (qb) => qb.innerJoin((eb) => userAddresses(eb).as('u'), (join) => join.onRef('u.id', '=', 'a.owner_id'))
      .where((eb) => eb.or([likeLower(sql.ref('u.email'), pattern), likeLower(sql.ref('a.billing_email'), pattern)])));
  }
  if (q.after) {
    const { value, id } = q.after;
    // A row comparison lets both databases start the index scan at the cursor.
    page = page.where(sql<SqlBool>`((${sql.ref(column)}, a.id) ${sql.raw(beyond)} (${value}, ${id}))`);
  }
  page = page.orderBy(sql.ref(column), q.sortOrder).orderBy('a.id', q.sortOrder).limit(q.limit + 1);
  const rows = await withOwnerAndCounts(db, page, activity, q.recentSince).orderBy(sql.ref(column), q.sortOrder).orderBy('a.id', q.sortOrder).execute();
  const shown = rows.slice(0, q.limit);
  const last = shown.at(-1);
  const next: AccountListPosition | null = rows.length > q.limit && last ? { value: last.position, id: last.id } : null;
  return { accounts: shown.map(toOperatorAccount), next };
}

export async function findOperatorAccount(db: Db, accountId: string, recentSince: string, activity: AccountActivity): Promise<OperatorAccount | undefined> {
  const row = await withOwnerAndCounts(db, accountsBy(db, 'createdAt').where('a.id', '=', accountId), activity, recentSince).executeTakeFirst();
  return row && toOperatorAccount(row);
}

/** The account's members, earliest first, for its detail page. */
export async function membersOfAccount(db: Db, accountId: string, limit: number): Promise<AdminAccountDetail['members']> {
  const rows = await db.selectFrom('account_members as m')
    .select((eb) => ['m.user_id', userName(eb, eb.ref('m.user_id')).$notNull().as('name'),
      userEmail(eb, eb.ref('m.user_id')).$notNull().as('email'), 'm.role', 'm.joined_at'])
    .where('m.account_id', '=', accountId).orderBy('m.joined_at').orderBy('m.user_id').limit(limit).execute();
  return rows.map((m) => ({ userId: m.user_id, name: m.name, email: m.email, role: m.role, joinedAt: m.joined_at }));
}

/** The accounts the user belongs to, earliest first, for the user's detail page. */
export async function membershipsOfUser(db: Db, userId: string): Promise<AdminUserDetails['memberships']> {
  const rows = await db.selectFrom('account_members as m').innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.account_id', 'a.name', 'm.role', 'm.joined_at'])
    .where('m.user_id', '=', userId).orderBy('m.joined_at').orderBy('m.account_id').execute();
  return rows.map((m) => ({ accountId: m.account_id, accountName: m.name, role: m.role, joinedAt: m.joined_at }));
}

export async function accountOptions(db: Db, limit: number) {
  return db.selectFrom('accounts').select(['id', 'name']).orderBy('name').orderBy('id').limit(limit).execute();
}

export async function accountsByNamePrefix(db: Db, prefix: string, limit: number) {
  return db.selectFrom('accounts as a')
    .select((eb) => ['a.id', 'a.name', userEmail(eb, eb.ref('a.owner_id')).$notNull().as('ownerEmail')])
    .where(likeLower(sql.ref('a.name'), likeStartingWith(prefix)))
    .orderBy('a.name').orderBy('a.id').limit(limit).execute();
}

export async function accountById(db: Db, accountId: string) {
  return db.selectFrom('accounts as a')
    .select((eb) => ['a.id', 'a.name', userEmail(eb, eb.ref('a.owner_id')).$notNull().as('ownerEmail')])
    .where('a.id', '=', accountId).executeTakeFirst();
}

/** The account's name, its billing address and its owner's, for an order's detail page. */
export async function findAccountContact(db: Db, accountId: string) {
  const row = await db.selectFrom('accounts as a')
    .select((eb) => ['a.name', 'a.billing_email', userEmail(eb, eb.ref('a.owner_id')).as('owner_email')])
    .where('a.id', '=', accountId).executeTakeFirst();
  return row && { name: row.name, billingEmail: row.billing_email, ownerEmail: row.owner_email };
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
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

/** Deletes the account; members, domains, domain orders, billing, tickets and impersonations go with it (ON DELETE CASCADE). */
export async function deleteAccount(db: Db, accountId: string) {
  await forgetActiveAccount(db, accountId);
  await db.deleteFrom('accounts').where('id', '=', accountId).execute();
}
