import { Paper, Skeleton, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColumnHeader, type ColumnSort, type SelectAll } from './resourceList/ColumnHeader.tsx';
import classes from './StackedTable.module.css';

export interface StackedTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** Columns of amounts and counts, right-aligned. */
  numeric?: readonly string[];
  /** Fixed widths, so skeletons, pages and sorts keep the columns where they were. */
  widths?: Readonly<Partial<Record<string, number>>>;
  /** Columns the list sorts by (their headers become buttons). */
  sort?: ColumnSort;
  /** A box in the first column's header that selects every loaded row. */
  selectAll?: SelectAll;
  highlightOnHover?: boolean;
  /** The rows shown are the previous ones while a new filter or sort loads: dimmed, and busy to screen readers. */
  stale?: boolean;
  children: ReactNode;
}

/**
 * A framed table whose rows become cards on a phone (StackedTable.module.css): each cell names
 * its column with `data-label`, the row's title cell carries `data-primary`.
 */
export function StackedTable({ label, columns, numeric = [], widths = {}, sort, selectAll, highlightOnHover, stale = false, children }: StackedTableProps) {
  return (
    <Paper withBorder style={stale ? { opacity: 0.6, transition: 'opacity 120ms' } : undefined} aria-busy={stale || undefined}>
      <Table highlightOnHover={highlightOnHover} verticalSpacing="sm" aria-label={label} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <ColumnHeader key={c} label={c} sort={sort} selectAll={i === 0 ? selectAll : undefined} numeric={numeric.includes(c)} width={widths[c]} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Rows in the shape of the list while its first page loads; `wide` columns get most of the row. */
export function SkeletonRows({ columns, count, wide = [] }: { columns: readonly string[]; count: number; wide?: readonly string[] }) {
  return Array.from({ length: count }, (_, i) => (
    <Table.Tr key={i} aria-hidden>
      {columns.map((c) => <Table.Td key={c}><Skeleton height={16} width={wide.includes(c) ? '70%' : 64} /></Table.Td>)}
    </Table.Tr>
  ));
}
