import { type Kysely, sql } from 'kysely';
import type { DomainSortField, DomainStatus, SortOrder } from '../../../../common/domains/domains.ts';
import { preparedQuery } from '../../../db/preparedQuery.ts';
import type { Database } from '../../../db/schema.ts';
import { escapeLike } from '../../../db/textMatch.ts';

/**
 * The reads of /domains, a hot path (the list is what a customer with many domains opens
 * first), so every variant is a prepared query on the domains_account_* indexes.
 */

export interface DomainListRow {
  id: string;
  name: string;
  status: DomainStatus;
  registration_date: string | null;
  expiration_date: string | null;
  auto_renew: boolean;
  /** The sort column as text, exactly as the database compares it (PostgreSQL keeps microseconds a Date would drop). */
  position: string | null;
}

type SortColumn = 'name' | 'status' | 'registration_date' | 'expiration_date';
const SORT_COLUMNS: Record<DomainSortField, SortColumn> = {
  domain: 'name', status: 'status', registrationDate: 'registration_date', expirationDate: 'expiration_date',
};

/** Dates may be missing (a domain before its first sync); those rows come after all others, in both orders. */
export const isNullableSort = (sortBy: DomainSortField) => SORT_COLUMNS[sortBy].endsWith('_date');

interface PageParams extends Record<string, unknown> {
  accountId: string;
  status: string;
  /** A LIKE pattern with % and _ escaped by `\`. */
  pattern: string;
  afterValue: string;
  afterId: string;
  limit: number;
}

/**
 * Which query a page needs. `phase` 'values' walks the rows that have a sort value; 'nulls' the
 * rows without one (nullable sorts only), ordered by id alone.
 */
interface PageVariant {
  sortBy: DomainSortField;
  sortOrder: SortOrder;
  phase: 'values' | 'nulls';
  after: boolean;
  byStatus: boolean;
  bySearch: boolean;
}

function pageQuery(v: PageVariant) {
  const column = SORT_COLUMNS[v.sortBy];
  const nullable = isNullableSort(v.sortBy);
  const before = v.sortOrder === 'asc' ? '>' : '<';
  const atOrBefore = v.sortOrder === 'asc' ? '>=' : '<=';
  return preparedQuery<PageParams, DomainListRow>((db, p) => {
    let query = db.selectFrom('domains')
      .select(['id', 'name', 'status', 'registration_date', 'expiration_date', 'auto_renew'])
      .select(nullable ? sql<string | null>`cast(${sql.ref(column)} as text)`.as('position') : sql<string>`${sql.ref(column)}`.as('position'))
      .where('account_id', '=', p.accountId);
    if (v.byStatus) query = query.where('status', '=', p.status as DomainStatus);
    if (v.bySearch) query = query.where(sql<boolean>`name like ${p.pattern} escape '\\'`);
    if (v.phase === 'nulls') {
      query = query.where(column, 'is', null);
      if (v.after) query = query.where('id', before, p.afterId);
      return query.orderBy('id', v.sortOrder).limit(p.limit);
    }
    if (nullable) query = query.where(column, 'is not', null);
    // The first term bounds the index range; the second breaks ties on the last row's value by id.
    if (v.after) {
      query = query.where(column, atOrBefore, p.afterValue)
        .where((eb) => eb.or([eb(column, before, p.afterValue), eb('id', before, p.afterId)]));
    }
    return query.orderBy(column, v.sortOrder).orderBy('id', v.sortOrder).limit(p.limit);
  });
}

const pageQueries = new Map<string, ReturnType<typeof pageQuery>>();

function pageQueryFor(variant: PageVariant) {
  const key = JSON.stringify(variant);
  let query = pageQueries.get(key);
  if (!query) {
    query = pageQuery(variant);
    pageQueries.set(key, query);
  }
  return query;
}

export interface DomainPageRequest {
  accountId: string;
  sortBy: DomainSortField;
  sortOrder: SortOrder;
  /** null: every status. */
  status: DomainStatus | null;
  /** Part of the name, already lower-case; '' for none. */
  search: string;
  after: { value: string | null; id: string } | null;
  limit: number;
}

/** `%` and `_` typed by the customer are letters, not wildcards. */
export const likePattern = (search: string) => `%${escapeLike(search)}%`;

/**
 * Up to `limit` rows after `after`: the rows with a sort value first, then (nullable sorts) those
 * without, so a page may take the end of one and the start of the other.
 */
export async function pageOfDomains(db: Kysely<Database>, request: DomainPageRequest): Promise<DomainListRow[]> {
  const base = { sortBy: request.sortBy, sortOrder: request.sortOrder, byStatus: request.status !== null, bySearch: request.search !== '' };
  const params: PageParams = {
    accountId: request.accountId, status: request.status ?? '', pattern: likePattern(request.search),
    afterValue: request.after?.value ?? '', afterId: request.after?.id ?? '', limit: request.limit,
  };
  const inNulls = request.after !== null && request.after.value === null;
  const rows = inNulls ? [] : await pageQueryFor({ ...base, phase: 'values', after: request.after !== null }).all(db, params);
  if (!isNullableSort(request.sortBy) || rows.length >= request.limit) return rows;
  const rest = await pageQueryFor({ ...base, phase: 'nulls', after: inNulls }).all(db, { ...params, limit: request.limit - rows.length });
  return [...rows, ...rest];
}

interface SummaryRow {
  total: number | string | null;
  active: number | string | null;
  expired: number | string | null;
  with_status: number | string | null;
  expiring_soon: number | string;
}

/**
 * The summary cards in one read: the per-status counts that triggers keep (migration 0011), and
 * the domains expiring within the window, a short range of domains_account_expiration_date. At
 * 10,000 domains counting the rows instead cost 14 ms a call (docs/performance.md).
 */
const summaryQuery = preparedQuery<{ accountId: string; now: string; soonUntil: string; status: string }, SummaryRow>((db, p) => {
  const counted = (status: string | null) => {
    const query = db.selectFrom('domain_status_counts').select((eb) => eb.fn.sum<number>('domain_count').as('n')).where('account_id', '=', p.accountId);
    return status === null ? query : query.where('status', '=', status as DomainStatus);
  };
  return db.selectNoFrom([
    counted(null).as('total'),
    counted('active').as('active'),
    counted('expired').as('expired'),
    counted(p.status).as('with_status'),
    db.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', p.accountId).where('expiration_date', '>', p.now).where('expiration_date', '<=', p.soonUntil)
      .as('expiring_soon'),
  ]);
});

export interface DomainCounts {
  total: number;
  active: number;
  expired: number;
  expiringSoon: number;
  /** How many have `status` (0 when none was asked). */
  withStatus: number;
}

/** The summary cards, over all of the account's domains. */
export async function countDomains(db: Kysely<Database>, accountId: string, status: DomainStatus | null, now: Date, soonUntil: Date): Promise<DomainCounts> {
  const row = await summaryQuery.first(db, { accountId, now: now.toISOString(), soonUntil: soonUntil.toISOString(), status: status ?? '' });
  return {
    total: Number(row?.total ?? 0), active: Number(row?.active ?? 0), expired: Number(row?.expired ?? 0),
    expiringSoon: Number(row?.expiring_soon ?? 0), withStatus: Number(row?.with_status ?? 0),
  };
}

const searchCountQuery = (byStatus: boolean) => preparedQuery<{ accountId: string; pattern: string; status: string }, { n: number | string }>((db, p) => {
  let query = db.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', p.accountId).where(sql<boolean>`name like ${p.pattern} escape '\\'`);
  if (byStatus) query = query.where('status', '=', p.status as DomainStatus);
  return query;
});
const searchCounts = { all: searchCountQuery(false), byStatus: searchCountQuery(true) };

/** How many names contain `search` (on domains_account_name, which holds every name of the account). */
export async function countMatchingSearch(db: Kysely<Database>, accountId: string, search: string, status: DomainStatus | null): Promise<number> {
  const query = status ? searchCounts.byStatus : searchCounts.all;
  const row = await query.first(db, { accountId, pattern: likePattern(search), status: status ?? '' });
  return Number(row?.n ?? 0);
}
