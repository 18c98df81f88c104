import { Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import type { ListSort } from './sorting.ts';

/** The columns a list sorts by, each with the field the server sorts on. */
export interface ColumnSort {
  fields: Readonly<Partial<Record<string, string>>>;
  current: ListSort;
  onSort(field: string): void;
}

/** The header's box that selects every loaded row (hidden with the header on a phone; the bulk bar has its own there). */
export interface SelectAll {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  disabled?: boolean;
  onChange(selected: boolean): void;
}

interface ColumnHeaderProps {
  label: string;
  sort?: ColumnSort;
  selectAll?: SelectAll;
  numeric: boolean;
  width?: number;
}

function SortButton({ label, field, sort }: { label: string; field: string; sort: ColumnSort }) {
  const active = sort.current.sortBy === field;
  return (
    <UnstyledButton onClick={() => sort.onSort(field)} aria-label={`Sort by ${label}`} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {label}
      <span aria-hidden style={{ marginLeft: 4, opacity: active ? 1 : 0.35 }}>{active && sort.current.sortOrder === 'desc' ? '▼' : '▲'}</span>
    </UnstyledButton>
  );
}

/** One column's name: a button that sorts by it where the list sorts on it, its order told to screen readers by aria-sort. */
export function ColumnHeader({ label, sort, selectAll, numeric, width }: ColumnHeaderProps) {
  const field = sort?.fields[label];
  const ariaSort = sort && field ? (sort.current.sortBy === field ? (sort.current.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none') : undefined;
  const name = sort && field ? <SortButton label={label} field={field} sort={sort} /> : label;
  return (
    <Table.Th aria-sort={ariaSort} w={width} ta={numeric ? 'right' : undefined}>
      {selectAll ? (
        <Group gap="xs" wrap="nowrap">
          <Checkbox
            aria-label={selectAll.label}
            checked={selectAll.checked}
            indeterminate={selectAll.indeterminate}
            disabled={selectAll.disabled}
            onChange={(e) => selectAll.onChange(e.currentTarget.checked)}
          />
          {name}
        </Group>
      ) : name}
    </Table.Th>
  );
}
