import type { ColumnSort } from './ColumnHeader.tsx';
import { type ListSort, nextSort } from './sorting.ts';

/** The sort as useUrlFilters holds it: `sortBy` may be absent where a list sorts on one field only. */
interface SortInAddress {
  values: Readonly<Partial<Record<string, string>>>;
  update(change: (current: Readonly<Partial<Record<string, string>>>) => Partial<Record<string, string>>): void;
}

/**
 * Sortable headers over the sort kept in the address: `fields` names the server's sort field of each
 * sortable column. A click toggles as nextSort says, from the address as it is at the click.
 */
export function columnSort(filters: SortInAddress, fields: Readonly<Partial<Record<string, string>>>): ColumnSort {
  const [onlyField = ''] = Object.values(fields) as string[];
  const sortOf = (values: SortInAddress['values']): ListSort => ({
    sortBy: values.sortBy ?? onlyField,
    sortOrder: values.sortOrder === 'asc' ? 'asc' : 'desc',
  });
  return {
    fields,
    current: sortOf(filters.values),
    onSort: (field) => filters.update((current) => ({ ...nextSort(sortOf(current), field) })),
  };
}
