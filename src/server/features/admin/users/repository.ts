import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { SortOrder, UserSortField } from '../../../../common/admin/users/contract.ts';
import type { GlobalRole } from '../../../../common/constants.ts';
import type { Database } from '../../../db/schema.ts';
import type { UserListPosition } from './userCursor.ts';
import { preparedQuery, preparedQueryByShape } from '../../../db/preparedQuery.ts';
import { prefixEnd } from '../../../db/textMatch.ts';

const sortColumn = { createdAt: 'u.created_at', email: 'u.email', displayName: 'u.name' } as const;

export interface UserListQuery {
  limit: number;
  globalRole: GlobalRole | null;
  emailPrefix: string | null;
  sortBy: UserSortField;
  sortOrder: SortOrder;
  after: UserListPosition | null;
}

interface PrefixParams extends Record<string, unknown> {
  role: GlobalRole | null;
  emailFrom: string;
  emailTo: string;
  cap: number;
}

/** The e-mail prefix's matches, counted up to the cap (on an index holding the e-mail, role first when filtered). */
const prefixMatches = preparedQueryByShape((db: Kysely<Database>, p: PrefixParams) => {
  let matching = db.selectFrom('users as u').select('u.id').where('u.email', '>=', p.emailFrom).where('u.email', '<', p.emailTo);
  if (p.role !== null) matching = matching.where('u.role', '=', p.role);
  return db.selectFrom(matching.limit(p.cap).as('m')).select((eb) => eb.fn.countAll<number | string>().as('n'));
});

const largestRowid = preparedQuery<Record<string, never>, { n: number | null }>((db) =>
  db.selectFrom('users').select(sql<number | null>`max(rowid)`.as('n')));

const SORT_INDEXES = {
  createdAt: { all: 'users_created_id', role: 'users_role_created_id' },
  displayName: { all: 'users_name_id', role: 'users_role_name_id' },
} as const;

/**
 * Which index a page filtered by an e-mail prefix and sorted otherwise reads on SQLite, which
 * has no statistics to choose by (see adminOrderIndex.ts): through the e-mail index, every match
 * is read and sorted; walking the sort's index reads about limit x users / matches entries. A
 * common prefix ("ma": 5,556 of 100,000) took 4.6 ms sorted and 0.14 ms walked; a rare one would
 * walk the whole table. Walking wins above sqrt(limit x users) matches; the largest rowid stands
 * in for the number of users (an upper bound, read from the table's last page).
 */
async function sqliteUserIndex(db: Kysely<Database>, q: UserListQuery): Promise<string | null> {
  if (q.emailPrefix === null || q.sortBy === 'email' || !(db.getExecutor().adapter instanceof SqliteAdapter)) return null;
  const last = await largestRowid.first(db, {});
  const cap = Math.ceil(Math.sqrt(q.limit * Number(last?.n ?? 0)));
  const [counted] = await prefixMatches(db, null, {
    role: q.globalRole, emailFrom: q.emailPrefix, emailTo: prefixEnd(q.emailPrefix), cap,
  });
  return Number(counted?.n ?? 0) >= cap ? SORT_INDEXES[q.sortBy][q.globalRole === null ? 'all' : 'role'] : null;
}

interface PageParams extends Record<string, unknown> {
  role: GlobalRole | null;
  emailFrom: string | null;
  emailTo: string | null;
  afterValue: string | null;
  afterId: string | null;
}

/**
 * One page of users in keyset order on (sort key, id). The e-mail filter is a prefix range
 * (addresses are stored lower-case, the filter is lower-cased) so it stays on an index.
 * Compiled once per shape (sort, which filters, page size: see adminOrderQueries.ts for why the
 * limit is in the text): Kysely's build and driver cost more than the read.
 */
const pageQuery = preparedQueryByShape((db: Kysely<Database>, p: PageParams, shape: { sortBy: UserSortField; sortOrder: SortOrder; index: string | null; limit: number }) => {
  const column = sortColumn[shape.sortBy];
  const op = shape.sortOrder === 'asc' ? '>' : '<';
  const indexedBy = shape.index === null ? sql`` : sql` indexed by ${sql.id(shape.index)}`;
  let query = db.selectFrom(sql<Database['users']>`users`.as<'u'>(sql`u${indexedBy}`))
    .select(['u.id', 'u.email', 'u.name', 'u.role', 'u.disabled', 'u.email_verified', 'u.created_at',
      sql<string>`cast(${sql.ref(column)} as text)`.as('position_value'),
      (eb) => eb.selectFrom('account_members as m').select((m) => m.fn.countAll<number | string>().as('n'))
        .whereRef('m.user_id', '=', 'u.id').as('account_count')]);
  if (p.role !== null) query = query.where('u.role', '=', p.role);
  if (p.emailFrom !== null && p.emailTo !== null) query = query.where('u.email', '>=', p.emailFrom).where('u.email', '<', p.emailTo);
  if (p.afterValue !== null && p.afterId !== null) {
    const { afterValue, afterId } = p;
    // created_at compares as a timestamp on PostgreSQL: the cursor holds exactly what it printed.
    // A row comparison, not `a < v or (a = v and id < i)`: PostgreSQL starts the index scan at the
    // cursor only for the row form (the OR form filtered 75,000 rows to reach page 3,000 of 100,000 users).
    query = query.where((eb) => eb(eb.refTuple(column, 'u.id'), op, eb.tuple(afterValue, afterId)));
  }
  return query.orderBy(column, shape.sortOrder).orderBy('u.id', shape.sortOrder).limit(sql.lit(shape.limit));
});

export async function listUsers(db: Kysely<Database>, q: UserListQuery) {
  return pageQuery(db, { sortBy: q.sortBy, sortOrder: q.sortOrder, index: await sqliteUserIndex(db, q), limit: q.limit }, {
    role: q.globalRole, emailFrom: q.emailPrefix, emailTo: q.emailPrefix === null ? null : prefixEnd(q.emailPrefix),
    afterValue: q.after?.value ?? null, afterId: q.after?.id ?? null,
  });
}

export async function findUser(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function findUserIdByEmail(db: Kysely<Database>, email: string) {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

export async function membershipsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('account_members as m').innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.account_id', 'a.name', 'm.role', 'm.joined_at'])
    .where('m.user_id', '=', userId).orderBy('m.joined_at').orderBy('m.account_id').execute();
}

/** The newest domain orders of every account the user belongs to. */
export async function recentOrdersOf(db: Kysely<Database>, userId: string, limit: number) {
  return db.selectFrom('domain_orders as o')
    .select(['o.id', 'o.account_id', 'o.domain', 'o.kind', 'o.status', 'o.total_cents', 'o.currency', 'o.created_at'])
    .where('o.account_id', 'in', (eb) => eb.selectFrom('account_members').select('account_id').where('user_id', '=', userId))
    .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
}

export async function signInFactsOf(db: Kysely<Database>, userId: string) {
  const [providers, last] = await Promise.all([
    db.selectFrom('auth_identity').select('provider_id').distinct().where('user_id', '=', userId).orderBy('provider_id').execute(),
    db.selectFrom('auth_session').select('created_at').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { providers: providers.map((p) => p.provider_id), lastSignInAt: last?.created_at ?? null };
}

export async function countSuperAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('role', '=', 'super_admin').executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function endSessionsOf(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('auth_session').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
