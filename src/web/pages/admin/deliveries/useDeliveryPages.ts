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

export const DELIVERY_LOG_PATH = '/super-admin/events/deliveries';

export const deliveryPath = (id: string) => `${DELIVERY_LOG_PATH}/${encodeURIComponent(id)}`;

/** The delivery log already filtered (an event's or a webhook's deliveries). */
export function deliveriesPath(filters: Partial<Pick<DeliveryFilters, 'eventId' | 'webhookId'>>): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();
  return query ? `${DELIVERY_LOG_PATH}?${query}` : DELIVERY_LOG_PATH;
}

/** Filters may arrive in the address (?eventId=…&webhookId=…&status=…): the events list and a webhook link here. */
export function deliveryFiltersFrom(params: URLSearchParams): DeliveryFilters {
  return Object.fromEntries(Object.keys(NO_DELIVERY_FILTERS).map((k) => [k, params.get(k) ?? ''])) as unknown as DeliveryFilters;
}

export const useDeliveryPages = (filters: DeliveryFilters) => useFilteredPages('listDeliveries', DELIVERY_PAGE_SIZE, filters);
