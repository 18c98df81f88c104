import { Select, type SelectProps } from '@mantine/core';
import type { ListSort, SortOrder } from './sorting.ts';

/** A choice of the menu: its value is `field.order` ("createdAt.desc"). */
export interface SortOption {
  value: `${string}.${SortOrder}`;
  label: string;
}

interface SortSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  options: readonly SortOption[];
  current: ListSort;
  onChange(sort: ListSort): void;
}

/** The toolbar's "Sort" menu: a field and its order in one choice, beside the sortable headers. */
export function SortSelect({ options, current, onChange, ...props }: SortSelectProps) {
  return (
    <Select
      label="Sort" {...props} data={options} value={`${current.sortBy}.${current.sortOrder}`} allowDeselect={false}
      onChange={(value) => {
        if (!value) return;
        const [sortBy, sortOrder] = value.split('.') as [string, SortOrder];
        onChange({ sortBy, sortOrder });
      }}
    />
  );
}
