import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, SqliteAdapter, sql } from 'kysely';
import { maskCredentials } from './registrarAnswer.ts';
import { FAILED_ORDER_STATUSES, ORDER_COUNT_CAP, type OrderSortField } from '../../../../common/admin/orders/texts.ts';
import type { AdminOrderSummary } from '../../../../common/admin/orders/contract.ts';
import type { OrderStatus } from '../../../../common/domains/orders.ts';
import type { Database } from '../../../db/schema.ts';
import { startOfDay, startOfNextDay } from '../../../db/dayRange.ts';
import { preparedQueryByShape } from '../../../db/preparedQuery.ts';
import { prefixEnd } from '../../../db/textMatch.ts';
import { accountName } from '../../../access/fragments.ts';
import { userEmail } from '../../../auth/fragments.ts';
import { PREFIX_SORT_LIMIT, sqliteOrderIndex } from './deskListIndex.ts';

/** The back office's order desk reads every account's orders: the list with its total, the failed-order queue. */

export type SortOrder = 'asc' | 'desc';

/** The last row of a page: its sort key (a timestamp as the database printed it, a name, or cents) and id. */
export interface OrderListPosition { value: string | number; id: string }

export interface OrderFilters {
  status: OrderStatus | null;
  accountId: string | null;
  domainPrefix: string | null;
  /** Inclusive UTC calendar days, YYYY-MM-DD. */
  dateFrom: string | null;
  dateTo: string | null;
}

export interface OrderListQuery extends OrderFilters {
  limit: number;
  /** SQLite's index for the page (deskListIndex.ts); null leaves the choice to the planner. */
  index: string | null;
  sortBy: OrderSortField;
  sortOrder: SortOrder;
  after: OrderListPosition | null;
}

const sortColumn = { createdAt: 'o.created_at', domain: 'o.domain', totalPrice: 'o.total_cents' } as const;


type OrdersEb = ExpressionBuilder<Database & { o: Database['domain_orders'] }, 'o'>;

/** The filters' bound values: a prefix as its name range, days as a creation-time range; null for a filter not set. */
interface FilterValues extends Record<string, unknown> {
  status: OrderStatus | null;
  accountId: string | null;
  nameFrom: string | null;
  nameTo: string | null;
  createdFrom: string | null;
  createdTo: string | null;
  /** The same days as written, for the per-day counts. */
  dayFrom: string | null;
  dayTo: string | null;
}

function filterValues(f: OrderFilters): FilterValues {
  return {
    status: f.status, accountId: f.accountId,
    nameFrom: f.domainPrefix, nameTo: f.domainPrefix === null ? null : prefixEnd(f.domainPrefix),
    createdFrom: f.dateFrom === null ? null : startOfDay(f.dateFrom), createdTo: f.dateTo === null ? null : startOfNextDay(f.dateTo),
    dayFrom: f.dateFrom, dayTo: f.dateTo,
  };
}

type Planner = 'sqlite' | 'postgres';

// Compiled templates are kept per database adapter, so a read may take its form from the adapter.
const plannerOf = (db: Kysely<Database>): Planner => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

/**
 * A status or account as PostgreSQL's planner should see it: hidden, as `(select $n)`. Seen, a
 * common value (the biggest account, the completed status) got a plan of its own on every call,
 * and planning cost more than the read (the biggest account: 2,600 pages/s, 3,750 with one plan
 * for all), while every value reads best the same way, down the index that starts with its
 * column. Date ranges and name prefixes stay visible: their best plan depends on how many rows
 * they hold.
 */
function sameForEveryValue<T extends string>(value: T, planner: Planner) {
  return planner === 'postgres' ? sql<T>`(select ${value})` : value;
}

/** The filters as index-friendly conditions: equality, a name range for the prefix, a creation-time range for the days. */
function filtered(v: FilterValues, planner: Planner) {
  return (eb: OrdersEb) => {
    const conditions = [];
    if (v.status !== null) conditions.push(eb('o.status', '=', sameForEveryValue(v.status, planner)));
    if (v.accountId !== null) conditions.push(eb('o.account_id', '=', sameForEveryValue(v.accountId, planner)));
    if (v.nameFrom !== null && v.nameTo !== null) conditions.push(eb('o.domain', '>=', v.nameFrom), eb('o.domain', '<', v.nameTo));
    if (v.createdFrom !== null) conditions.push(eb('o.created_at', '>=', v.createdFrom));
    if (v.createdTo !== null) conditions.push(eb('o.created_at', '<', v.createdTo));
    return eb.and(conditions);
  };
}

interface PageParams extends FilterValues {
  afterValue: string | number | null;
  afterId: string | null;
}

/**
 * The limit is part of the text, not a parameter: PostgreSQL plans a named statement once for
 * any values only when the plan knows how many rows it stops at (a parameter made it plan for
 * 20,000 rows, hashing every user and account; per-call planning cost more than the read).
 */
interface PageShape { sortBy: OrderSortField; sortOrder: SortOrder; index: string | null; limit: number }

/**
 * One page in keyset order on (sort key, id), with the account's name and the orderer's e-mail.
 * The position is a row comparison: both databases start an index scan at it, where the
 * equivalent `or` of two conditions makes PostgreSQL walk from the first entry and filter. The
 * page is chosen first and joined after, so a sort of many matches does not look up an account
 * and a user for each of them. Compiled once per shape: Kysely's build, compile and driver
 * cost twice what SQLite takes to read the page.
 */
const pageQuery = preparedQueryByShape((db: Kysely<Database>, p: PageParams, shape: PageShape) => {
  const planner = plannerOf(db);
  const column = sortColumn[shape.sortBy];
  const op = shape.sortOrder === 'asc' ? '>' : '<';
  const indexedBy = shape.index === null ? sql`` : sql` indexed by ${sql.id(shape.index)}`;
  let page = db.selectFrom(sql<Database['domain_orders']>`domain_orders`.as<'o'>(sql`o${indexedBy}`))
    .select(['o.id', 'o.kind', 'o.domain', 'o.account_id', 'o.user_id', 'o.status', 'o.payment_status', 'o.total_cents', 'o.currency',
      'o.created_at', 'o.admin_action_required',
      shape.sortBy === 'createdAt' ? sql<string>`cast(o.created_at as text)`.as('position_value') : sql.ref<string | number>(column).as('position_value')])
    .where(filtered(p, planner));
  if (p.afterValue !== null && p.afterId !== null) {
    const { afterValue, afterId } = p;
    page = page.where((eb) => eb(eb.refTuple(column, 'o.id'), op, eb.tuple(afterValue, afterId)));
  }
  page = page.orderBy(column, shape.sortOrder).orderBy('o.id', shape.sortOrder).limit(sql.lit(shape.limit));
  return db.selectFrom(page.as('o'))
    .selectAll('o').select((eb) => [accountName(eb, eb.ref('o.account_id')).as('account_name'), userEmail(eb, eb.ref('o.user_id')).as('user_email')])
    // On PostgreSQL the total comes with the page's rows: one round trip instead of two.
    .select(planner === 'postgres'
      ? sql<number | string | null>`(${totalQuery(db, p, ORDER_COUNT_CAP + 1, 'postgres')})`.as('total_count')
      : sql<null>`null`.as('total_count'))
    .orderBy(column, shape.sortOrder).orderBy('o.id', shape.sortOrder);
});

function listOrders(db: Kysely<Database>, q: OrderListQuery) {
  return pageQuery(db, { sortBy: q.sortBy, sortOrder: q.sortOrder, index: q.index, limit: q.limit }, {
    ...filterValues(q), afterValue: q.after?.value ?? null, afterId: q.after?.id ?? null,
  });
}

type Total = { n: number | string | null };

/**
 * How many orders match, as one select of `n`. The status and account filters alone are
 * answered exactly from the counts the triggers keep (migration 0017: one to six rows); a date
 * range without account or domain from the per-day counts (0012); any other mix by counting the
 * rows up to the cap, so a broad filter over a million orders costs at most that many index entries.
 */
function totalQuery(db: Kysely<Database>, v: FilterValues, cap: number, planner: Planner): SelectQueryBuilder<Database, never, Total> {
  const sum = (eb: ExpressionBuilder<Database, 'domain_order_status_counts' | 'domain_order_account_counts' | 'domain_order_day_counts'>) =>
    eb.fn.sum<number | string | null>('order_count').as('n');
  if (isExactTotal(v)) {
    if (v.accountId !== null) {
      const { accountId } = v;
      const byAccount = db.selectFrom('domain_order_account_counts').select(sum).where('account_id', '=', sameForEveryValue(accountId, planner));
      return (v.status === null ? byAccount : byAccount.where('status', '=', sameForEveryValue(v.status, planner))) as SelectQueryBuilder<Database, never, Total>;
    }
    let days = db.selectFrom(v.createdFrom === null && v.createdTo === null ? 'domain_order_status_counts' : 'domain_order_day_counts').select(sum);
    if (v.status !== null) days = days.where('status', '=', sameForEveryValue(v.status, planner));
    if (v.dayFrom !== null) days = days.where(sql.ref('day'), '>=', v.dayFrom);
    if (v.dayTo !== null) days = days.where(sql.ref('day'), '<=', v.dayTo);
    return days as SelectQueryBuilder<Database, never, Total>;
  }
  const matching = db.selectFrom('domain_orders as o').select('o.id').where(filtered(v, planner)).limit(sql.lit(cap));
  return db.selectFrom(matching.as('m')).select((eb) => eb.fn.countAll<number | string>().as('n')) as SelectQueryBuilder<Database, never, Total>;
}

/** Kept counts answer the filters without a domain prefix, and a date range only without an account. */
function isExactTotal(v: Pick<FilterValues, 'nameFrom' | 'accountId' | 'createdFrom' | 'createdTo'>): boolean {
  return v.nameFrom === null && (v.accountId === null || (v.createdFrom === null && v.createdTo === null));
}

const totalByShape = preparedQueryByShape((db: Kysely<Database>, v: FilterValues, cap: number) => totalQuery(db, v, cap, plannerOf(db)));

/** A count read (or a page's `total_count`) as the list shows it: a counted total past the cap is the cap, marked capped. */
function totalOf(f: OrderFilters, n: number | string | null | undefined, cap = ORDER_COUNT_CAP): { count: number; capped: boolean } {
  const count = Number(n ?? 0);
  return !isExactTotal(filterValues(f)) && count > cap ? { count: cap, capped: true } : { count, capped: false };
}

async function countOrders(db: Kysely<Database>, f: OrderFilters, cap = ORDER_COUNT_CAP): Promise<{ count: number; capped: boolean }> {
  const [row] = await totalByShape(db, cap + 1, filterValues(f));
  return totalOf(f, row?.n, cap);
}

const dollars = (cents: number) => Math.round(cents) / 100;

type SummaryRow = Awaited<ReturnType<typeof listOrders>>[number];

function toSummary(r: Omit<SummaryRow, 'position_value' | 'total_count'>): AdminOrderSummary {
  const cents = Number(r.total_cents);
  return {
    id: r.id, kind: r.kind, domain: r.domain, accountId: r.account_id, accountName: r.account_name, userId: r.user_id, userEmail: r.user_email,
    status: r.status, paymentStatus: r.payment_status, totalPrice: dollars(cents), totalCents: cents, currency: r.currency,
    createdAt: r.created_at, adminActionRequired: r.admin_action_required,
  };
}

/** A date range alone (or with the status) ordered by name or price: how many orders the sort's index walks, from the day counts. */
async function ordersWalked(db: Kysely<Database>, f: OrderFilters, sortBy: OrderSortField): Promise<number | null> {
  if (sortBy === 'createdAt' || f.accountId || f.domainPrefix || !(f.dateFrom || f.dateTo)) return null;
  return (await countOrders(db, { ...f, dateFrom: null, dateTo: null })).count;
}

/** A prefix with more matches than the shown count's cap, ordered by price: counted on to PREFIX_SORT_LIMIT to choose between sorting and walking. */
async function prefixMatches(db: Kysely<Database>, f: OrderFilters, sortBy: OrderSortField, total: { count: number; capped: boolean }) {
  if (!total.capped || sortBy !== 'totalPrice' || !f.domainPrefix || f.accountId) return { matches: total.count, capped: total.capped };
  const { count, capped } = await countOrders(db, f, PREFIX_SORT_LIMIT);
  return { matches: count, capped };
}

export interface DeskPageRequest {
  filters: OrderFilters;
  sortBy: OrderSortField;
  sortOrder: SortOrder;
  after: OrderListPosition | null;
  limit: number;
}

/**
 * A page of `limit` orders in keyset order; `next` is set when another page follows. The total
 * comes from the kept counts or a capped count.
 */
export async function pageOfDeskOrders(db: Kysely<Database>, r: DeskPageRequest) {
  const { filters, sortBy, sortOrder, limit } = r;
  const query = { ...filters, limit: limit + 1, sortBy, sortOrder, after: r.after };
  let total: { count: number; capped: boolean };
  let rows: SummaryRow[];
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // The count comes first: on SQLite it tells which index finds the page fastest.
    total = await countOrders(db, filters);
    const index = sqliteOrderIndex(filters, {
      sortBy, limit: limit + 1, ...await prefixMatches(db, filters, sortBy, total), walked: await ordersWalked(db, filters, sortBy),
    });
    // An exact total of none needs no page: a walk would read every entry of the account or status looking for one.
    rows = total.count === 0 ? [] : await listOrders(db, { ...query, index });
  } else {
    // PostgreSQL plans the page itself; the total rides along with its rows. A page past the end has no row to carry it.
    rows = await listOrders(db, { ...query, index: null });
    total = rows.length ? totalOf(filters, rows[0].total_count) : await countOrders(db, filters);
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const positionOf = (row: SummaryRow) => (sortBy === 'totalPrice' ? Number(row.position_value) : String(row.position_value));
  const next: OrderListPosition | null = rows.length > limit && last ? { value: positionOf(last), id: last.id } : null;
  return { orders: page.map(toSummary), next, total };
}

/** The failed-order queue, oldest first: the longest-waiting customer is served first, and age is the priority. */
export async function failedDeskOrders(db: Kysely<Database>, limit: number) {
  const rows = await db.selectFrom('domain_orders as o')
    .select((eb) => ['o.id', 'o.kind', 'o.domain', 'o.account_id', 'o.user_id', 'o.status', 'o.payment_status', 'o.total_cents', 'o.currency',
      'o.created_at', 'o.admin_action_required', 'o.error',
      accountName(eb, eb.ref('o.account_id')).as('account_name'), userEmail(eb, eb.ref('o.user_id')).as('user_email'),
      eb.selectFrom('domain_order_attempts as t').select((t) => t.fn.countAll<number | string>().as('n'))
        .whereRef('t.order_id', '=', 'o.id').as('attempts'),
      // The customer's sentence says what happened to them; operators need what the registrar said.
      eb.selectFrom('domain_order_attempts as t').select('t.reason').whereRef('t.order_id', '=', 'o.id').where('t.outcome', '=', 'failed')
        .where('t.reason', 'is not', null).orderBy('t.started_at', 'desc').orderBy('t.id', 'desc').limit(1).as('registrar_answer')])
    .where('o.status', 'in', [...FAILED_ORDER_STATUSES])
    .orderBy('o.created_at', 'asc').orderBy('o.id', 'asc').limit(limit).execute();
  return rows.map((r) => ({
    ...toSummary(r), error: r.error, registrarAnswer: r.registrar_answer ? maskCredentials(r.registrar_answer) : null, attempts: Number(r.attempts ?? 0),
  }));
}

export async function countFailedOrders(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('domain_order_status_counts').select((eb) => eb.fn.sum<number | string | null>('order_count').as('n'))
    .where('status', 'in', [...FAILED_ORDER_STATUSES]).executeTakeFirst();
  return Number(row?.n ?? 0);
}
