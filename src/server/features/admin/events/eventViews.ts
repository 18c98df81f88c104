import type { EventView } from '../../../../common/admin/events/contract.ts';
import type { Db } from '../../../db/transaction.ts';
import type { LoggedEvent } from '../../../events/eventLog.ts';
import { deliveryCountsByEvent } from '../../events/index.ts';

/** Events as the contract shows them, each with its deliveries counted by status (one grouped query for the page). */
export async function eventViews(db: Db, events: LoggedEvent[]): Promise<EventView[]> {
  const counts = await deliveryCountsByEvent(db, events.map((e) => e.id));
  return events.map((e) => ({ ...e, deliveries: counts.get(e.id) ?? { pending: 0, success: 0, failed: 0 } }));
}
