import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '../LoadFailedAlert.tsx';
import type { ListQuery } from './listQuery.ts';

interface LoadMoreProps {
  query: ListQuery;
  /** The sentence for a page that failed to load. */
  failure: string;
  /** How much is shown ("Showing 25 of 130"), where the list knows. */
  count?: ReactNode;
}

/** The foot of a keyset list: how much is shown, the next page on demand, and a retry when it failed. */
export function LoadMore({ query, failure, count }: LoadMoreProps) {
  if (query.isFetchNextPageError) return <LoadFailedAlert onRetry={() => query.fetchNextPage?.()}>{failure}</LoadFailedAlert>;
  if (!count && !query.hasNextPage) return null;
  return (
    <Stack gap={6} align="center">
      {count && <Text size="sm" c="dimmed">{count}</Text>}
      {query.hasNextPage && (
        <Button variant="default" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage?.()}>Load more</Button>
      )}
    </Stack>
  );
}
