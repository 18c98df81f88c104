import {
  DOMAIN_SORT_FIELDS, DOMAIN_STATUS_FILTERS, type DomainSortField, type DomainStatusFilter, type SortOrder,
} from '../../../../common/domains.ts';

/** What the list asks listDomains for; kept in the address so a reload or the back button restores it. */
export interface DomainListQuery {
  search: string;
  status: DomainStatusFilter;
  sortBy: DomainSortField;
  sortOrder: SortOrder;
}

export interface DomainSort {
  sortBy: DomainSortField;
  sortOrder: SortOrder;
}

/** The server's own defaults: newest registrations first (spec §7 orders by registrationDate descending). */
export const DEFAULT_QUERY: DomainListQuery = { search: '', status: 'all', sortBy: 'registrationDate', sortOrder: 'desc' };

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  (value !== null && (allowed as readonly string[]).includes(value) ? value as T : fallback);

/** A hand-edited or stale address falls back to the defaults value by value instead of failing the page. */
export function queryFromParams(params: URLSearchParams): DomainListQuery {
  return {
    search: (params.get('search') ?? '').trim().toLowerCase().slice(0, 253),
    status: oneOf(DOMAIN_STATUS_FILTERS, params.get('status'), DEFAULT_QUERY.status),
    sortBy: oneOf(DOMAIN_SORT_FIELDS, params.get('sortBy'), DEFAULT_QUERY.sortBy),
    sortOrder: oneOf(['asc', 'desc'] as const, params.get('sortOrder'), DEFAULT_QUERY.sortOrder),
  };
}

/** Only what differs from the defaults, so the plain /domains stays the plain address. */
export function queryToParams(query: DomainListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['search', 'status', 'sortBy', 'sortOrder'] as const) {
    if (query[key] !== DEFAULT_QUERY[key]) params.set(key, query[key]);
  }
  return params;
}

/** The search and the status narrow the list; the sort only orders it. */
export function isFiltered(query: DomainListQuery): boolean {
  return query.search !== '' || query.status !== 'all';
}

/** Spec §4: a repeated click on the same column toggles asc/desc; a new column starts ascending. */
export function nextSort(current: DomainSort, clicked: DomainSortField): DomainSort {
  if (current.sortBy !== clicked) return { sortBy: clicked, sortOrder: 'asc' };
  return { sortBy: clicked, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
}
