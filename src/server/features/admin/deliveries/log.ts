import type { Kysely } from 'kysely';
import {
  DELIVERY_ATTEMPTS_SHOWN, DELIVERY_NOT_FOUND, INVALID_DELIVERY_CURSOR, RESEND_WEBHOOK_GONE, RESEND_WHILE_PENDING, resendWebhookInactive,
} from '../../../../common/admin/deliveries/texts.ts';
import type { DeliveryDetails, DeliverySummary } from '../../../../common/admin/deliveries/contract.ts';
import type { Database, DeliveryStatus } from '../../../db/schema.ts';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../../rpc/newestFirstCursor.ts';
import { notFound } from '../../../rpc/errors.ts';
import { maskedHeaders, maskedUrl } from '../../events/index.ts';
import {
  deliveryAttemptRows, type DeliverySummaryRow, findDeliveryEvent, findDeliverySummary, findDeliveryWebhook, listDeliveryRows,
} from './queries.ts';

const CURSOR_LIST = 'deliveries';

export interface DeliveryListInput {
  limit: number;
  startAfter?: string | null;
  status?: DeliveryStatus | null;
  webhookId?: string | null;
  eventId?: string | null;
  eventType?: string | null;
  since?: string | null;
  until?: string | null;
}

export const summaryOf = (r: DeliverySummaryRow): DeliverySummary => ({
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

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfDeliveries(db: Kysely<Database>, input: DeliveryListInput) {
  const after = input.startAfter ? decodeNewestFirstCursor(CURSOR_LIST, input.startAfter, INVALID_DELIVERY_CURSOR) : null;
  const rows = await listDeliveryRows(db, {
    limit: input.limit + 1,
    status: input.status ?? null,
    webhookId: input.webhookId ?? null,
    eventId: input.eventId ?? null,
    eventTypePrefix: input.eventType ?? null,
    since: input.since ?? null,
    until: input.until ?? null,
    after,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last
    ? encodeNewestFirstCursor(CURSOR_LIST, { createdAt: last.position_value, id: last.id }) : null;
  return { deliveries: page.map(summaryOf), nextCursor };
}

/**
 * Why a delivery cannot be queued again now, or null when it can: never twice at once (the
 * engine may be sending it), and never to a webhook that is gone or switched off.
 */
export function resendRefusal(status: DeliveryStatus, webhook: { name: string; is_active: boolean } | undefined): string | null {
  if (status === 'pending') return RESEND_WHILE_PENDING;
  if (!webhook) return RESEND_WEBHOOK_GONE;
  if (!webhook.is_active) return resendWebhookInactive(webhook.name);
  return null;
}

export async function deliveryDetails(db: Kysely<Database>, deliveryId: string): Promise<DeliveryDetails> {
  const row = await findDeliverySummary(db, deliveryId);
  if (!row) throw notFound(DELIVERY_NOT_FOUND);
  const [event, webhook, attempts] = await Promise.all([
    findDeliveryEvent(db, row.event_id),
    findDeliveryWebhook(db, row.webhook_id),
    deliveryAttemptRows(db, row.id, DELIVERY_ATTEMPTS_SHOWN),
  ]);
  const refusal = resendRefusal(row.status, webhook);
  return {
    ...summaryOf(row),
    flowId: row.flow_id,
    event: event ? { id: event.id, type: event.event_type, severity: event.severity, source: event.source, createdAt: event.created_at } : null,
    webhook: webhook ? { id: webhook.id, name: webhook.name, url: maskedUrl(webhook.url), method: webhook.method, isActive: webhook.is_active } : null,
    payload: row.payload,
    attemptLog: attempts.rows.reverse().map((a) => ({
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
    })),
    attemptsLogged: attempts.total,
    resend: { allowed: refusal === null, reason: refusal },
  };
}
