import type { EventView } from '../../../../common/admin/events/contract.ts';
import type { Db } from '../../../db/transaction.ts';
import { eventCatalogue, isEventType } from '../../../events/catalogue.ts';
import { deliveryCountsOf, type listEventRows } from './repository.ts';

type EventRow = Awaited<ReturnType<typeof listEventRows>>[number];

const readJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Events as the contract shows them, each with its deliveries counted by status (one grouped query for the page). */
export async function eventViews(db: Db, rows: EventRow[]): Promise<EventView[]> {
  const counts = new Map<string, EventView['deliveries']>();
  for (const c of await deliveryCountsOf(db, rows.map((r) => r.id))) {
    const of = counts.get(c.event_id) ?? { pending: 0, success: 0, failed: 0 };
    of[c.status] = Number(c.n);
    counts.set(c.event_id, of);
  }
  return rows.map((r) => ({
    id: r.id,
    eventType: r.event_type,
    category: isEventType(r.event_type) ? eventCatalogue[r.event_type].category : null,
    severity: r.severity,
    source: r.source,
    accountId: r.account_id,
    actorUserId: r.actor_user_id,
    correlationId: r.correlation_id,
    payload: readJson(r.payload),
    context: readJson(r.context),
    createdAt: r.created_at,
    processed: r.processed,
    deliveries: counts.get(r.id) ?? { pending: 0, success: 0, failed: 0 },
  }));
}
