import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DeliveryDetails, DeliverySummary } from '../../../common/admin/deliveries/contract.ts';
import type { getEventsDashboard } from '../../../common/admin/events/contract.ts';
import type { Database, DeliveryStatus } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import { prefixEnd } from '../../db/textMatch.ts';
import { type NewestFirstPosition, olderThan } from '../../rpc/newestFirstCursor.ts';
import { maskedHeaders, maskedUrl } from './deliveryHeaders.ts';

/**
 * The delivery log as operators read and act on it: the list, one delivery with its webhook and
 * attempts (headers and addresses masked), resend and replay back to the engine's queue, the
 * deliveries of events and the newest ones for the events dashboard.
 */

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

/** A delivery as lists show it (the body left out). */
type DeliverySummaryRow = Omit<NonNullable<Awaited<ReturnType<typeof findDeliveryRow>>>, 'payload'>;

const summaryOf = (r: DeliverySummaryRow): DeliverySummary => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type,
  webhookId: r.webhook_id,
  webhookName: r.webhook_name ?? null,
  status: r.status,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  lastHttpStatus: r.last_http_status,
  lastResponseMs: r.last_response_ms,
  lastError: r.last_error,
  createdAt: r.created_at,
  completedAt: r.completed_at,
  nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
});

/**
 * A page of `q.limit` deliveries newest first on (created_at, id); `next` is set when another page
 * follows. A status, webhook or event filter narrows one of migration 0018's indexes
 * ((status|webhook_id, created_at, id), event_id); the event type prefix is a range checked along
 * the page's scan.
 */
export async function pageOfDeliveryLog(db: Kysely<Database>, q: DeliveryListQuery) {
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
  const rows = await query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(q.limit + 1).execute();
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const next: NewestFirstPosition | null = rows.length > q.limit && last ? { createdAt: last.position_value, id: last.id } : null;
  return { deliveries: page.map(summaryOf), next };
}

function findDeliveryRow(db: Db, id: string) {
  return db.selectFrom('webhook_deliveries as d')
    .leftJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select([...summaryColumns, 'd.payload'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** One delivery as lists show it, with its flow and the exact body sent. */
export async function findDelivery(db: Db, id: string) {
  const row = await findDeliveryRow(db, id);
  return row && { summary: summaryOf(row), flowId: row.flow_id, payload: row.payload };
}

/** The delivery's webhook as the log shows it (its address masked); undefined once deleted. */
export async function findDeliveryWebhook(db: Db, webhookId: string): Promise<NonNullable<DeliveryDetails['webhook']> | undefined> {
  const webhook = await db.selectFrom('webhooks').select(['id', 'name', 'url', 'method', 'is_active'])
    .where('id', '=', webhookId).executeTakeFirst();
  return webhook && { id: webhook.id, name: webhook.name, url: maskedUrl(webhook.url), method: webhook.method, isActive: webhook.is_active };
}

/** The newest attempts of a delivery, oldest first, masked, and how many it has in all. */
export async function deliveryAttemptLog(db: Kysely<Database>, deliveryId: string, limit: number) {
  const [rows, count] = await Promise.all([
    db.selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', '=', deliveryId)
      .orderBy('attempt', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    db.selectFrom('webhook_delivery_attempts').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('delivery_id', '=', deliveryId).executeTakeFirstOrThrow(),
  ]);
  const attemptLog: DeliveryDetails['attemptLog'] = rows.reverse().map((a) => ({
    id: a.id,
    attempt: a.attempt,
    createdAt: a.created_at,
    status: a.status,
    httpStatus: a.http_status,
    responseMs: a.response_ms,
    error: a.error,
    requestUrl: maskedUrl(a.request_url),
    requestHeaders: maskedHeaders(a.request_headers) ?? {},
    responseHeaders: maskedHeaders(a.response_headers),
    responseBody: a.response_body,
    responseTruncated: a.response_truncated,
  }));
  return { attemptLog, attemptsLogged: Number(count.n) };
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

type DeliveryCounts = Record<DeliveryStatus, number>;

/** The deliveries of each event by status, for the events of one page (one grouped query). */
export async function deliveryCountsByEvent(db: Db, eventIds: string[]): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map<string, DeliveryCounts>();
  if (eventIds.length === 0) return counts;
  const rows = await db.selectFrom('webhook_deliveries')
    .select(['event_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('event_id', 'in', eventIds)
    .groupBy(['event_id', 'status'])
    .execute() as { event_id: string; status: DeliveryStatus; n: number | string }[];
  for (const c of rows) {
    const of = counts.get(c.event_id) ?? { pending: 0, success: 0, failed: 0 };
    of[c.status] = Number(c.n);
    counts.set(c.event_id, of);
  }
  return counts;
}

/** The newest deliveries, for the events dashboard. */
export async function latestDeliveries(db: Db, limit: number): Promise<z.input<typeof getEventsDashboard.output>['latestDeliveries']> {
  const rows = await db.selectFrom('webhook_deliveries as d')
    .leftJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.webhook_id', 'w.name as webhook_name', 'd.event_id', 'd.event_type', 'd.status', 'd.last_http_status',
      'd.last_response_ms', 'd.updated_at'])
    .orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit).execute();
  return rows.map((d) => ({
    id: d.id, webhookId: d.webhook_id, webhookName: d.webhook_name, eventId: d.event_id, eventType: d.event_type, status: d.status,
    httpStatus: d.last_http_status, responseMs: d.last_response_ms, at: d.updated_at,
  }));
}
