import { DELIVERY_PAGE_SIZE } from '../../../../common/adminDeliveriesTexts.ts';
import { useFilteredPages } from '../../../api/hooks.ts';

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

export const useDeliveryPages = (filters: DeliveryFilters) => useFilteredPages('listDeliveries', DELIVERY_PAGE_SIZE, filters);
