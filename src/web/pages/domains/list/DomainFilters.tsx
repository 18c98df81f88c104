import { NativeSelect, TextInput } from '@mantine/core';
import { DOMAIN_SORT_FIELDS, DOMAIN_STATUS_FILTERS, type DomainSortField } from '../../../../common/domains/domains.ts';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import type { UrlFilters } from '../../../components/resourceList/useUrlFilters.ts';

const SORT_FIELD_LABELS: Record<DomainSortField, string> = {
  domain: 'Domain', status: 'Status', registrationDate: 'Registration date', expirationDate: 'Expiration date',
};

const STATUS_OPTIONS = DOMAIN_STATUS_FILTERS.map((s) => ({ value: s, label: s === 'all' ? 'All statuses' : s[0].toUpperCase() + s.slice(1) }));
const SORT_OPTIONS = DOMAIN_SORT_FIELDS.map((f) => ({ value: f, label: SORT_FIELD_LABELS[f] }));
const ORDER_OPTIONS = [{ value: 'asc', label: 'Ascending' }, { value: 'desc', label: 'Descending' }];

/** The list's toolbar: search by name, status filter, sort field and order (the column headers sort too). */
export function DomainFilters({ filters }: { filters: UrlFilters<'search' | 'status' | 'sortBy' | 'sortOrder'> }) {
  return (
    <ListToolbar label="Filter domains">
      <TextInput label="Search domains" placeholder="example.com" type="search" maxLength={253} style={{ flex: '1 1 220px' }} {...filters.input('search')} />
      <NativeSelect label="Status" data={STATUS_OPTIONS} style={{ flex: '0 1 150px' }} {...filters.input('status')} />
      <NativeSelect label="Sort by" data={SORT_OPTIONS} style={{ flex: '0 1 170px' }} {...filters.input('sortBy')} />
      <NativeSelect label="Order" data={ORDER_OPTIONS} style={{ flex: '0 1 130px' }} {...filters.input('sortOrder')} />
    </ListToolbar>
  );
}
