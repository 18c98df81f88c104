import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/transaction.ts';
import type { Caller } from '../rpc/context.ts';
import { signalDeliveryWork } from './deliverySignal.ts';
import type { EventSeverity, EventType } from './catalogue.ts';

export interface PlatformEvent {
  type: EventType;
  /** The account the event concerns, when there is one (webhook flows filter on it). */
  accountId?: string | null;
  /** Who did it (`byCaller(caller)`): the signed-in user, or none for the system. */
  actor?: EventActor;
  severity?: EventSeverity;
  source?: string;
  correlationId?: string | null;
  payload: Record<string, unknown>;
  context?: Record<string, unknown>;
  /** When it happened (the clock's ISO time of the change). */
  at: string;
}

export interface EventActor {
  userId: string;
  /** The account a global super admin was acting as (impersonation); the user is the operator. */
  actingAsAccountId: string | null;
}

/** Events caused by the payment provider: which provider, and the provider event that caused them. */
export function providerEventFields(payments: { mode: 'stripe' | 'test' }, providerEventId: string | null) {
  return { source: payments.mode === 'stripe' ? 'stripe' : 'test-mode', correlationId: providerEventId };
}

export function byCaller(caller: Caller): EventActor {
  return { userId: caller.userId, actingAsAccountId: caller.actingAs?.accountId ?? null };
}

/**
 * Writes the event in the caller's unit of work: it exists exactly when the change it reports
 * committed. Delivery (webhooks, flows) reads these rows later and never runs inside the write.
 */
export async function recordEvent(tx: Tx, event: PlatformEvent): Promise<string> {
  const id = randomUUID();
  await tx.db.insertInto('platform_events').values({
    id,
    event_type: event.type,
    severity: event.severity ?? 'info',
    source: event.source ?? 'portal',
    account_id: event.accountId ?? null,
    actor_user_id: event.actor?.userId ?? null,
    acting_as_account_id: event.actor?.actingAsAccountId ?? null,
    correlation_id: event.correlationId ?? null,
    payload: JSON.stringify(event.payload),
    context: JSON.stringify(event.context ?? {}),
    created_at: event.at,
  }).execute();
  tx.afterCommit(signalDeliveryWork);
  return id;
}
