import { useInfiniteQuery } from '@tanstack/react-query';
import { MAIL_PAGE_SIZE, type MailStatusName } from '../../../../common/adminMailTexts.ts';
import { callFunction } from '../../../api/client.ts';

export interface MailListFilters { to: string; status: MailStatusName | null }

/** The outbox 25 at a time, keyset-paged by the server; the previous rows stay while a new filter loads. */
export function useMailPages(filters: MailListFilters) {
  return useInfiniteQuery({
    queryKey: ['listMailOutbox', 'pages', filters],
    queryFn: ({ pageParam }) => callFunction('listMailOutbox', {
      limit: MAIL_PAGE_SIZE, startAfter: pageParam,
      ...(filters.to.trim() ? { to: filters.to.trim() } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
