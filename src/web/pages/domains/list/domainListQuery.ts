import { listDomains } from '../../../../common/domains/managementContract.ts';
import type { DomainSortField, DomainStatusFilter, SortOrder } from '../../../../common/domains/domains.ts';
import { defaultFilters, inputFields, readFilters, writeFilters } from '../../../components/resourceList/urlFilters.ts';

export { nextSort } from '../../../components/resourceList/sorting.ts';

/** What the list asks listDomains for; kept in the address so a reload or the back button restores it. */
export interface DomainListQuery {
  search: string;
  status: DomainStatusFilter;
  sortBy: DomainSortField;
  sortOrder: SortOrder;
}

/** The list's fields of listDomains' input, read from and written to the address by useUrlFilters. */
export const DOMAIN_LIST_FIELDS = inputFields(listDomains.input, ['search', 'status', 'sortBy', 'sortOrder']);

/** The server's own defaults: newest registrations first (spec §7 orders by registrationDate descending). */
export const DEFAULT_QUERY = defaultFilters(DOMAIN_LIST_FIELDS) as DomainListQuery;

/** The address as the list reads it: a hand-edited or stale value falls back to its default; names are lower case. */
export function queryFromParams(params: URLSearchParams): DomainListQuery {
  const query = readFilters(DOMAIN_LIST_FIELDS, params, DEFAULT_QUERY) as DomainListQuery;
  return { ...query, search: query.search.toLowerCase() };
}

/** Only what differs from the defaults, so the plain /domains stays the plain address. */
export function queryToParams(query: DomainListQuery): URLSearchParams {
  return writeFilters(new URLSearchParams(), query, DEFAULT_QUERY);
}

/** The search and the status narrow the list; the sort only orders it. */
export function isFiltered(query: DomainListQuery): boolean {
  return query.search !== '' || query.status !== 'all';
}
