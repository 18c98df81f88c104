import { useInfiniteQuery } from '@tanstack/react-query';
import { ORDERS_PAGE_SIZE, type OrderSortField } from '../../../../common/adminOrdersTexts.ts';
import type { OrderStatus } from '../../../../common/domainOrders.ts';
import { callFunction } from '../../../api/client.ts';

export interface OrderListFilters {
  status: OrderStatus | null;
  accountId: string | null;
  domain: string;
  dateFrom: string;
  dateTo: string;
  sortBy: OrderSortField;
  sortOrder: 'asc' | 'desc';
}

/**
 * Orders 25 at a time, keyset-paged by the server (there may be a million). Keyed under
 * 'getAllOrders' so every order write refreshes it; empty filters are left out (spec §7).
 */
export function useOrderPages(filters: OrderListFilters) {
  return useInfiniteQuery({
    queryKey: ['getAllOrders', 'pages', filters],
    queryFn: ({ pageParam }) => callFunction('getAllOrders', {
      limit: ORDERS_PAGE_SIZE, sortBy: filters.sortBy, sortOrder: filters.sortOrder,
      ...(pageParam ? { startAfter: pageParam } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.accountId ? { accountId: filters.accountId } : {}),
      ...(filters.domain.trim() ? { domain: filters.domain.trim() } : {}),
      ...(filters.dateFrom ? { dateFrom: filters.dateFrom } : {}),
      ...(filters.dateTo ? { dateTo: filters.dateTo } : {}),
    }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.pagination.nextStartAfter,
    placeholderData: (previous) => previous,
  });
}
