export const DELIVERY_LOG_PATH = '/super-admin/events/deliveries';

export const deliveryPath = (id: string) => `${DELIVERY_LOG_PATH}/${encodeURIComponent(id)}`;

/** The delivery log already filtered (an event's or a webhook's deliveries): the log reads these from the address. */
export function deliveriesPath(filters: { eventId?: string; webhookId?: string }): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();
  return query ? `${DELIVERY_LOG_PATH}?${query}` : DELIVERY_LOG_PATH;
}
