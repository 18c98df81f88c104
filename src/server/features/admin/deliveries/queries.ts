import { type Kysely, sql } from 'kysely';
import type { Database, DeliveryStatus } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { prefixEnd } from '../../../db/textMatch.ts';
import { type NewestFirstPosition, olderThan } from '../../../rpc/newestFirstCursor.ts';

/** The delivery log's queries (Kysely only): the list, one delivery with its event, webhook and attempts. */

export interface DeliveryListQuery {
  limit: number;
  status: DeliveryStatus | null;
  webhookId: string | null;
  eventId: string | null;
  eventTypePrefix: string | null;
  /** Inclusive lower and exclusive upper bound, ISO instants. */
  since: string | null;
  until: string | null;
  after: NewestFirstPosition | null;
}

const summaryColumns = [
  'd.id', 'd.event_id', 'd.event_type', 'd.webhook_id', 'd.flow_id', 'd.status', 'd.attempts', 'd.max_attempts', 'd.next_attempt_at',
  'd.last_http_status', 'd.last_response_ms', 'd.last_error', 'd.created_at', 'd.completed_at', 'w.name as webhook_name',
] as const;

/**
 * One page newest first on (created_at, id). A status, webhook or event filter narrows one of
 * migration 0018's indexes ((status|webhook_id, created_at, id), event_id); the event type prefix
 * is a range checked along the page's scan.
 */
export async function listDeliveryRows(db: Kysely<Database>, q: DeliveryListQuery) {
  let query = db.selectFrom('webhook_deliveries as d')
    .leftJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select([...summaryColumns, sql<string>`cast(d.created_at as text)`.as('position_value')]);
  if (q.status) query = query.where('d.status', '=', q.status);
  if (q.webhookId) query = query.where('d.webhook_id', '=', q.webhookId);
  if (q.eventId) query = query.where('d.event_id', '=', q.eventId);
  if (q.eventTypePrefix) query = query.where('d.event_type', '>=', q.eventTypePrefix).where('d.event_type', '<', prefixEnd(q.eventTypePrefix));
  if (q.since) query = query.where('d.created_at', '>=', q.since);
  if (q.until) query = query.where('d.created_at', '<', q.until);
  if (q.after) query = query.where(olderThan('d.created_at', 'd.id', q.after));
  return query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(q.limit).execute();
}

/** A delivery as lists show it (the body left out). */
export type DeliverySummaryRow = Omit<NonNullable<Awaited<ReturnType<typeof findDeliverySummary>>>, 'payload'>;

export async function findDeliverySummary(db: Db, id: string) {
  return db.selectFrom('webhook_deliveries as d')
    .leftJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select([...summaryColumns, 'd.payload'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function findDeliveryEvent(db: Db, eventId: string) {
  return db.selectFrom('platform_events').select(['id', 'event_type', 'severity', 'source', 'created_at'])
    .where('id', '=', eventId).executeTakeFirst();
}

export async function findDeliveryWebhook(db: Db, webhookId: string) {
  return db.selectFrom('webhooks').select(['id', 'name', 'url', 'method', 'is_active'])
    .where('id', '=', webhookId).executeTakeFirst();
}

/** The newest attempts of a delivery (newest first) and how many it has in all. */
export async function deliveryAttemptRows(db: Kysely<Database>, deliveryId: string, limit: number) {
  const [rows, count] = await Promise.all([
    db.selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', '=', deliveryId)
      .orderBy('attempt', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    db.selectFrom('webhook_delivery_attempts').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('delivery_id', '=', deliveryId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * The fields that put a finished delivery back in the engine's queue, due now: no lease, no
 * completion, and room for at least one more attempt (a delivery that used its retries gets one;
 * one that succeeded early keeps the retries it did not use).
 */
function requeued(now: string) {
  return {
    status: 'pending' as const,
    next_attempt_at: now,
    lease_until: null,
    lease_owner: null,
    completed_at: null,
    updated_at: now,
    max_attempts: sql<number>`case when max_attempts > attempts then max_attempts else attempts + 1 end`,
  };
}

/** Requeues one delivery unless it is pending (waiting or being sent); false when it was. */
export async function requeueDelivery(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('webhook_deliveries').set(requeued(now))
    .where('id', '=', id).where('status', '<>', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Requeues a webhook's failed deliveries created since a time, oldest first, at most `limit`, in
 * one statement (the (webhook_id, created_at, id) index finds them); answers how many moved.
 */
export async function requeueFailedDeliveries(db: Db, webhookId: string, since: string, limit: number, now: string): Promise<number> {
  const result = await db.updateTable('webhook_deliveries').set(requeued(now))
    .where('status', '=', 'failed')
    .where('id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('id')
      .where('webhook_id', '=', webhookId).where('status', '=', 'failed').where('created_at', '>=', since)
      .orderBy('created_at').orderBy('id').limit(limit))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function hasFailedDeliveriesSince(db: Db, webhookId: string, since: string): Promise<boolean> {
  const row = await db.selectFrom('webhook_deliveries').select('id')
    .where('webhook_id', '=', webhookId).where('status', '=', 'failed').where('created_at', '>=', since)
    .limit(1).executeTakeFirst();
  return Boolean(row);
}
