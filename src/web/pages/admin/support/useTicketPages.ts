import { useInfiniteQuery } from '@tanstack/react-query';
import { TICKETS_PAGE_SIZE } from '../../../../common/adminSupportTexts.ts';
import type { SortOrder } from '../../../../common/contracts/adminUsers.ts';
import type { TicketPriority, TicketStatus } from '../../../../common/constants.ts';
import { callFunction } from '../../../api/client.ts';

export interface TicketListFilters {
  status: TicketStatus | null;
  priority: TicketPriority | null;
  accountId: string | null;
  text: string;
  sortOrder: SortOrder;
}

/**
 * Tickets 25 at a time, keyset-paged by the server. Keyed under 'listAllTickets' so a reply or a
 * status change refreshes it; the previous rows stay while a new filter loads.
 */
export function useTicketPages(filters: TicketListFilters) {
  return useInfiniteQuery({
    queryKey: ['listAllTickets', 'pages', filters],
    queryFn: ({ pageParam }) => callFunction('listAllTickets', {
      limit: TICKETS_PAGE_SIZE, startAfter: pageParam, sortOrder: filters.sortOrder,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.priority ? { priority: filters.priority } : {}),
      ...(filters.accountId ? { accountId: filters.accountId } : {}),
      ...(filters.text.trim() ? { text: filters.text.trim() } : {}),
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
