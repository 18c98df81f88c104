import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { AdminUserSummary, SortOrder, UserSortField } from '../../common/admin/users/contract.ts';
import type { GlobalRole } from '../../common/constants.ts';
import { preparedQuery, preparedQueryByShape } from '../db/preparedQuery.ts';
import type { Database } from '../db/schema.ts';
import { prefixEnd } from '../db/textMatch.ts';
import { membershipCount } from '../access/fragments.ts';
import { roleOf } from './operatorUsers.ts';

/** The back office's list of users (identity's table), one indexed page at a time. */

const sortColumn = { createdAt: 'u.created_at', email: 'u.email', displayName: 'u.name' } as const;

/** The last row of a page: its sort key (as the database printed it) and id. */
export interface UserListPosition { value: string; id: string }

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
 * has no statistics to choose by (see features/domains/orders/deskListIndex.ts): through the e-mail index, every match
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
 * Compiled once per shape (sort, which filters, page size: see features/domains/orders/deskList.ts for why the
 * limit is in the text): Kysely's build and driver cost more than the read.
 */
const pageQuery = preparedQueryByShape((db: Kysely<Database>, p: PageParams, shape: { sortBy: UserSortField; sortOrder: SortOrder; index: string | null; limit: number }) => {
  const column = sortColumn[shape.sortBy];
  const op = shape.sortOrder === 'asc' ? '>' : '<';
  const indexedBy = shape.index === null ? sql`` : sql` indexed by ${sql.id(shape.index)}`;
  let query = db.selectFrom(sql<Database['users']>`users`.as<'u'>(sql`u${indexedBy}`))
    .select(['u.id', 'u.email', 'u.name', 'u.role', 'u.disabled', 'u.email_verified', 'u.created_at',
      sql<string>`cast(${sql.ref(column)} as text)`.as('position_value'),
      (eb) => membershipCount(eb, eb.ref('u.id')).as('account_count')]);
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

/** A page of `q.limit` users; `next` is set when another page follows. */
export async function pageOfUserSummaries(db: Kysely<Database>, q: UserListQuery): Promise<{ users: AdminUserSummary[]; next: UserListPosition | null }> {
  const read = { ...q, limit: q.limit + 1 };
  const rows = await pageQuery(db, { sortBy: q.sortBy, sortOrder: q.sortOrder, index: await sqliteUserIndex(db, read), limit: read.limit }, {
    role: q.globalRole, emailFrom: q.emailPrefix, emailTo: q.emailPrefix === null ? null : prefixEnd(q.emailPrefix),
    afterValue: q.after?.value ?? null, afterId: q.after?.id ?? null,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    users: page.map((r) => ({
      id: r.id, email: r.email, displayName: r.name, globalRole: roleOf(r.role), createdAt: r.created_at,
      disabled: r.disabled, emailVerified: r.email_verified, accountCount: Number(r.account_count ?? 0),
    })),
    next: rows.length > q.limit && last ? { value: last.position_value, id: last.id } : null,
  };
}
