import { Paper, Skeleton, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './StackedTable.module.css';

interface StackedTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** Columns of amounts and counts, right-aligned. */
  numeric?: readonly string[];
  highlightOnHover?: boolean;
  children: ReactNode;
}

/**
 * A framed table whose rows become cards on a phone (StackedTable.module.css): each cell names
 * its column with `data-label`, the row's title cell carries `data-primary`.
 */
export function StackedTable({ label, columns, numeric = [], highlightOnHover, children }: StackedTableProps) {
  return (
    <Paper withBorder>
      <Table highlightOnHover={highlightOnHover} verticalSpacing="sm" aria-label={label} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => <Table.Th key={c} ta={numeric.includes(c) ? 'right' : undefined}>{c}</Table.Th>)}
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
