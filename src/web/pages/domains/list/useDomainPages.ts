import { useInfiniteQuery } from '@tanstack/react-query';
import { callFunction } from '../../../api/client.ts';
import type { DomainListQuery } from './domainListQuery.ts';

/**
 * The account's domains a page at a time (listDomains' default, DOMAINS_PAGE_SIZE), keyset-paged by the server; an account may hold
 * 10,000, so the list never asks for all. Keyed under 'listDomains' so every domain write
 * refreshes it. While a new search or sort loads, the previous rows stay on screen.
 */
export function useDomainPages(accountId: string, query: DomainListQuery) {
  return useInfiniteQuery({
    queryKey: ['listDomains', 'pages', accountId, query],
    queryFn: ({ pageParam }) => callFunction('listDomains', { accountId, ...query, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
