import { useInfiniteQuery } from '@tanstack/react-query';
import { DELIVERY_PAGE_SIZE } from '../../../../common/adminDeliveriesTexts.ts';
import { callFunction } from '../../../api/client.ts';

export interface DeliveryFilters {
  status: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  /** A day (YYYY-MM-DD): deliveries created from its 00:00 UTC. */
  since: string;
}

export const NO_DELIVERY_FILTERS: DeliveryFilters = { status: '', webhookId: '', eventId: '', eventType: '', since: '' };

/** Filters may arrive in the address (?eventId=…&webhookId=…&status=…): the events list and a webhook link here. */
export function deliveryFiltersFrom(params: URLSearchParams): DeliveryFilters {
  return Object.fromEntries(Object.keys(NO_DELIVERY_FILTERS).map((k) => [k, params.get(k) ?? ''])) as unknown as DeliveryFilters;
}

/** The log 25 at a time, keyset-paged by the server; blank filters are left out, the previous rows stay while a new filter loads. */
export function useDeliveryPages(filters: DeliveryFilters) {
  const given = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  return useInfiniteQuery({
    queryKey: ['listDeliveries', 'pages', given],
    queryFn: ({ pageParam }) => callFunction('listDeliveries', { limit: DELIVERY_PAGE_SIZE, startAfter: pageParam, ...given }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
