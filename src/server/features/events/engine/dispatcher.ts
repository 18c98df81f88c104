import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../../../db/connection.ts';
import type { Database, WebhookDeliveriesTable } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { claimPendingEvents, markEventsProcessed } from '../../../events/pendingEvents.ts';
import { bulkInsert } from './bulkInsert.ts';
import { deliveryBody, type EngineEvent, eventFields } from './envelope.ts';
import { firedActions } from './matching.ts';
import type { RoutingCache } from './routingCache.ts';

/** A Standard Webhooks message id: the same on every attempt and resend of the delivery. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

const DELIVERY_COLUMNS = ['id', 'event_id', 'event_type', 'webhook_id', 'flow_id', 'status', 'attempts', 'max_attempts', 'next_attempt_at',
  'payload', 'created_at', 'updated_at'] as const;

/**
 * Fans out up to `batchSize` unprocessed events, oldest first: one delivery row per event and
 * active webhook that a fired action names (however many flows and actions name it), the events marked processed and the flows' counts bumped,
 * in one transaction, so a crash leaves either all of it or none (nothing is dispatched twice).
 * On PostgreSQL the events are claimed with SKIP LOCKED, so several engines share the work.
 * Returns how many events and deliveries it wrote.
 */
export async function dispatchBatch(deps: { db: Kysely<Database>; dialect: Dialect; routing: RoutingCache; now: Date; batchSize: number }) {
  const { db, dialect, now } = deps;
  return inTransaction(db, async (tx) => {
    const events = await claimPendingEvents(tx.db, dialect, deps.batchSize);
    if (events.length === 0) return { events: 0, deliveries: 0 };
    // Read after the claim: a flow saved before an event was committed is then always seen.
    // Read before it, a flow and an event committed in between would leave the event unrouted.
    const routing = await deps.routing.get(tx.db);

    const at = now.toISOString();
    const rows: Insertable<WebhookDeliveriesTable>[] = [];
    const flowCounts = new Map<string, { events: number; executions: number }>();
    for (const row of events) {
      const event: EngineEvent = {
        id: row.id, type: row.event_type, severity: row.severity, source: row.source,
        createdAt: row.created_at, accountId: row.account_id, actorUserId: row.actor_user_id,
        correlationId: row.correlation_id, payload: parseObject(row.payload), context: parseObject(row.context),
      };
      const fields = eventFields(event);
      // Flows overlap (quick setup's domain.* and its catch-all both match a domain event): a
      // webhook gets an event once, under one webhook-id, from the first flow that sends it there.
      const sentTo = new Map<string, Insertable<WebhookDeliveriesTable>>();
      for (const flow of routing.flows) {
        const actions = firedActions(flow, event, fields);
        let executions = 0;
        for (const action of actions) {
          const webhook = routing.webhooks.get(action.webhookId);
          if (!webhook || !webhook.isActive) continue;
          const retries = Math.max(0, Math.min(action.config?.retries ?? webhook.maxRetries, webhook.maxRetries));
          const already = sentTo.get(webhook.id);
          if (already) {
            // The most retries any of the matching actions asks for.
            already.max_attempts = Math.max(already.max_attempts ?? 1, 1 + retries);
            continue;
          }
          const row: Insertable<WebhookDeliveriesTable> = {
            id: newDeliveryId(), event_id: event.id, event_type: event.type, webhook_id: webhook.id, flow_id: flow.id,
            status: 'pending', attempts: 0, max_attempts: 1 + retries, next_attempt_at: at,
            payload: deliveryBody(event, { enabled: webhook.transformEnabled, template: webhook.transformTemplate }),
            created_at: at, updated_at: at,
          };
          sentTo.set(webhook.id, row);
          rows.push(row);
          executions += 1;
        }
        if (actions.length === 0) continue;
        const counts = flowCounts.get(flow.id) ?? { events: 0, executions: 0 };
        counts.events += 1;
        counts.executions += executions;
        flowCounts.set(flow.id, counts);
      }
    }
    await bulkInsert(tx.db, dialect, 'webhook_deliveries', DELIVERY_COLUMNS, rows);
    await markEventsProcessed(tx.db, events.map((e) => e.id));
    for (const [flowId, counts] of flowCounts) {
      await tx.db.updateTable('event_flows').set((eb) => ({
        total_events: eb('total_events', '+', counts.events),
        total_executions: eb('total_executions', '+', counts.executions),
        last_execution_at: at,
      })).where('id', '=', flowId).execute();
    }
    return { events: events.length, deliveries: rows.length };
  });
}
