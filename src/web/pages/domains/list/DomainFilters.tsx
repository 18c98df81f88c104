import { Group, NativeSelect, TextInput } from '@mantine/core';
import { DOMAIN_SORT_FIELDS, DOMAIN_STATUS_FILTERS, type DomainSortField, type DomainStatusFilter, type SortOrder } from '../../../../common/domains.ts';
import type { DomainListQuery } from './domainListQuery.ts';

export const SORT_FIELD_LABELS: Record<DomainSortField, string> = {
  domain: 'Domain', status: 'Status', registrationDate: 'Registration date', expirationDate: 'Expiration date',
};

const STATUS_OPTIONS = DOMAIN_STATUS_FILTERS.map((s) => ({ value: s, label: s === 'all' ? 'All statuses' : s[0].toUpperCase() + s.slice(1) }));
const SORT_OPTIONS = DOMAIN_SORT_FIELDS.map((f) => ({ value: f, label: SORT_FIELD_LABELS[f] }));
const ORDER_OPTIONS = [{ value: 'asc', label: 'Ascending' }, { value: 'desc', label: 'Descending' }];

interface DomainFiltersProps {
  /** What the search box shows now; the list follows it 300 ms after the last key. */
  searchText: string;
  onSearchText(text: string): void;
  query: DomainListQuery;
  onChange(change: Partial<DomainListQuery>): void;
}

/** The list's toolbar: search by name, status filter, sort field and order (the column headers sort too). */
export function DomainFilters({ searchText, onSearchText, query, onChange }: DomainFiltersProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter domains">
      <TextInput
        label="Search domains"
        placeholder="example.com"
        type="search"
        value={searchText}
        onChange={(e) => onSearchText(e.currentTarget.value)}
        maxLength={253}
        style={{ flex: '1 1 220px' }}
      />
      <NativeSelect
        label="Status"
        data={STATUS_OPTIONS}
        value={query.status}
        onChange={(e) => onChange({ status: e.currentTarget.value as DomainStatusFilter })}
        style={{ flex: '0 1 150px' }}
      />
      <NativeSelect
        label="Sort by"
        data={SORT_OPTIONS}
        value={query.sortBy}
        onChange={(e) => onChange({ sortBy: e.currentTarget.value as DomainSortField })}
        style={{ flex: '0 1 170px' }}
      />
      <NativeSelect
        label="Order"
        data={ORDER_OPTIONS}
        value={query.sortOrder}
        onChange={(e) => onChange({ sortOrder: e.currentTarget.value as SortOrder })}
        style={{ flex: '0 1 130px' }}
      />
    </Group>
  );
}
