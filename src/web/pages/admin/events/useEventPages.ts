import { useInfiniteQuery } from '@tanstack/react-query';
import { EVENTS_PAGE_SIZE } from '../../../../common/adminEventsTexts.ts';
import { callFunction } from '../../../api/client.ts';

export interface EventFilters {
  type: string;
  severity: string;
  status: string;
  accountId: string;
  dateFrom: string;
  dateTo: string;
}

export const NO_EVENT_FILTERS: EventFilters = { type: '', severity: '', status: '', accountId: '', dateFrom: '', dateTo: '' };

/** Events 25 at a time, keyset-paged by the server; blank filters are left out, the previous rows stay while a new filter loads. */
export function useEventPages(filters: EventFilters) {
  const given = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  return useInfiniteQuery({
    queryKey: ['listEvents', 'pages', given],
    queryFn: ({ pageParam }) => callFunction('listEvents', { limit: EVENTS_PAGE_SIZE, startAfter: pageParam, ...given }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
