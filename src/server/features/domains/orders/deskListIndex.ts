import type { OrderSortField } from '../../../../common/admin/orders/texts.ts';
import type { OrderFilters } from './deskList.ts';

/**
 * Which index a page of the order list reads on SQLite. SQLite's planner weighs the indexes by
 * statistics that a running installation never gathers (and that go stale or miss new indexes
 * where they exist): at a million orders it picked a status or account index with a sort of every
 * match, 300 to 900 ms a page. The page's best plan is known from the filters and the counts:
 *
 * - walk the sort's index (within the account or status when filtered) and test the other
 *   filters on each entry: a page reads about limit x (orders walked / matches) entries;
 * - or read the matches through a narrow filter's index and sort them: it reads every match.
 *
 * Walking wins unless the matches are few: fewer than sqrt(limit x orders walked).
 * PostgreSQL's planner keeps its own statistics fresh and is left to choose.
 */

/**
 * Up to this many matches of a domain prefix are read through the name index and sorted: about
 * sqrt(limit x orders) at a million orders, where sorting the matches and walking the sort's
 * order read as many entries. The shown count stops at ORDER_COUNT_CAP, below this; only an
 * order by price, whose walk reads a row per entry, counts on to here to choose.
 */
export const PREFIX_SORT_LIMIT = 5_000;

const SORT_INDEXES: Record<OrderSortField, Record<'all' | 'status' | 'account', string>> = {
  createdAt: { all: 'domain_orders_created', status: 'domain_orders_status', account: 'domain_orders_account' },
  domain: { all: 'domain_orders_domain_id', status: 'domain_orders_status_domain_id', account: 'domain_orders_account_domain_id' },
  totalPrice: { all: 'domain_orders_total_id', status: 'domain_orders_status_total_id', account: 'domain_orders_account_total_id' },
};

export interface IndexChoice {
  sortBy: OrderSortField;
  limit: number;
  /** The orders matching every filter; when `capped`, at least that many. */
  matches: number;
  capped: boolean;
  /** The orders under the status filter alone, for a date range without account or prefix; else null. */
  walked: number | null;
}

export function sqliteOrderIndex(f: OrderFilters, c: IndexChoice): string {
  const sortIndex = SORT_INDEXES[c.sortBy][f.accountId ? 'account' : f.status ? 'status' : 'all'];
  // An account's index already holds only its orders; the sort index of a prefix is its range.
  if (f.accountId || c.sortBy === 'domain' && f.domainPrefix) return sortIndex;
  if (f.domainPrefix) {
    if (!c.capped && c.matches <= PREFIX_SORT_LIMIT) return 'domain_orders_domain';
    // Newest first, the walk tests the name in the index (migration 0017), not in each order's row.
    return c.sortBy === 'createdAt' && !f.status ? 'domain_orders_created_domain' : sortIndex;
  }
  if (c.walked !== null && c.matches * c.matches < c.limit * c.walked) return SORT_INDEXES.createdAt[f.status ? 'status' : 'all'];
  return sortIndex;
}
