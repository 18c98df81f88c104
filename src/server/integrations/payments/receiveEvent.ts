import { inTransaction, type Tx } from '../../db/transaction.ts';
import type { Services } from '../../rpc/context.ts';
import type { PaymentEvent, PaymentEventType } from './events.ts';

/** One area's reaction to one type of provider event, inside the event's unit of work. */
export interface PaymentEventHandler {
  type: PaymentEventType;
  handle(tx: Tx, event: PaymentEvent, services: Services): Promise<void>;
}

export interface ReceiveResult {
  /** false: the event was seen before (a redelivery) and nothing changed. */
  applied: boolean;
}

/**
 * Applies one provider event exactly once: its id is inserted in the same transaction as
 * every change its handlers make (and the jobs, mails and platform events they record), so a
 * redelivery finds the row and does nothing, and a failure leaves neither the row nor the
 * changes, for the provider to deliver again. Order between events is each handler's concern
 * (compare the object's clock with the stored one; re-read the object when in doubt).
 */
export async function receivePaymentEvent(services: Services, handlers: readonly PaymentEventHandler[], event: PaymentEvent): Promise<ReceiveResult> {
  return inTransaction(services.db, async (tx) => {
    const inserted = await tx.db.insertInto('payment_events')
      .values({ id: event.id, type: event.type, provider_created: event.created })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { applied: false };
    for (const handler of handlers) {
      if (handler.type === event.type) await handler.handle(tx, event, services);
    }
    return { applied: true };
  }, services.log);
}
