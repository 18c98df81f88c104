import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '../LoadFailedAlert.tsx';
import { SkeletonRows, StackedTable, type StackedTableProps } from '../StackedTable.tsx';
import { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
import type { ListQuery } from './listQuery.ts';
import { LoadMore } from './LoadMore.tsx';

export interface ResourceListProps<T> extends Omit<StackedTableProps, 'children' | 'stale'> {
  query: ListQuery;
  /** Every loaded page's rows, in order. */
  rows: readonly T[];
  renderRow(row: T): ReactNode;
  /** The spec's sentence for a failed read (with the server's message where the spec appends it). */
  failure: string;
  empty: EmptyStateProps;
  /** The filters in force: with any, the empty state offers to clear them. */
  filters?: { filtered: boolean; clear(): void };
  /** Rows of placeholders while the first page loads; `wide` columns get most of the row. */
  skeleton: { count: number; wide?: readonly string[] };
  /** Search and filters above the list. */
  toolbar?: ReactNode;
  /** How much is shown, beside Load more. */
  count?: ReactNode;
  /** The bar of actions on the selected rows, under the list. */
  bulk?: ReactNode;
}

/**
 * The one scaffold of a list page: toolbar, then the table in the shape it will have (skeleton
 * rows while the first page loads), the spec's error with a Retry, an empty state that says what
 * to do next, rows that become cards on a phone, and Load more for keyset pages.
 */
export function ResourceList<T>({ query, rows, renderRow, failure, empty, filters, skeleton, toolbar, count, bulk, ...table }: ResourceListProps<T>) {
  let body;
  if (query.isPending) {
    body = <StackedTable {...table}><SkeletonRows columns={table.columns} count={skeleton.count} wide={skeleton.wide} /></StackedTable>;
  } else if (query.isError && rows.length === 0) {
    body = <LoadFailedAlert onRetry={() => query.refetch()}>{failure}</LoadFailedAlert>;
  } else if (rows.length === 0) {
    const clear = filters?.filtered ? <Button variant="default" onClick={filters.clear}>Clear filters</Button> : null;
    body = <EmptyState {...empty} actions={clear || empty.actions ? <>{clear}{empty.actions}</> : undefined} />;
  } else {
    body = <StackedTable {...table} stale={query.isPlaceholderData}>{rows.map(renderRow)}</StackedTable>;
  }

  return (
    <Stack gap="md">
      {toolbar}
      {body}
      {rows.length > 0 && <LoadMore query={query} failure={failure} count={count} />}
      {rows.length > 0 && bulk}
    </Stack>
  );
}
