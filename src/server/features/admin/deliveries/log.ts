import type { Kysely } from 'kysely';
import {
  DELIVERY_ATTEMPTS_SHOWN, DELIVERY_NOT_FOUND, INVALID_DELIVERY_CURSOR, RESEND_WEBHOOK_GONE, RESEND_WHILE_PENDING, resendWebhookInactive,
} from '../../../../common/admin/deliveries/texts.ts';
import type { DeliveryDetails } from '../../../../common/admin/deliveries/contract.ts';
import type { Database, DeliveryStatus } from '../../../db/schema.ts';
import { findEventHeader } from '../../../events/eventLog.ts';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../../rpc/newestFirstCursor.ts';
import { notFound } from '../../../rpc/errors.ts';
import { deliveryAttemptLog, findDelivery, findDeliveryWebhook, pageOfDeliveryLog } from '../../events/index.ts';

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

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfDeliveries(db: Kysely<Database>, input: DeliveryListInput) {
  const after = input.startAfter ? decodeNewestFirstCursor(CURSOR_LIST, input.startAfter, INVALID_DELIVERY_CURSOR) : null;
  const { deliveries, next } = await pageOfDeliveryLog(db, {
    limit: input.limit,
    status: input.status ?? null,
    webhookId: input.webhookId ?? null,
    eventId: input.eventId ?? null,
    eventTypePrefix: input.eventType ?? null,
    since: input.since ?? null,
    until: input.until ?? null,
    after,
  });
  return { deliveries, nextCursor: next ? encodeNewestFirstCursor(CURSOR_LIST, next) : null };
}

/**
 * Why a delivery cannot be queued again now, or null when it can: never twice at once (the
 * engine may be sending it), and never to a webhook that is gone or switched off.
 */
export function resendRefusal(status: DeliveryStatus, webhook: { name: string; isActive: boolean } | undefined): string | null {
  if (status === 'pending') return RESEND_WHILE_PENDING;
  if (!webhook) return RESEND_WEBHOOK_GONE;
  if (!webhook.isActive) return resendWebhookInactive(webhook.name);
  return null;
}

export async function deliveryDetails(db: Kysely<Database>, deliveryId: string): Promise<DeliveryDetails> {
  const delivery = await findDelivery(db, deliveryId);
  if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
  const { summary } = delivery;
  const [event, webhook, attempts] = await Promise.all([
    findEventHeader(db, summary.eventId),
    findDeliveryWebhook(db, summary.webhookId),
    deliveryAttemptLog(db, summary.id, DELIVERY_ATTEMPTS_SHOWN),
  ]);
  const refusal = resendRefusal(summary.status, webhook);
  return {
    ...summary,
    flowId: delivery.flowId,
    event: event ?? null,
    webhook: webhook ?? null,
    payload: delivery.payload,
    attemptLog: attempts.attemptLog,
    attemptsLogged: attempts.attemptsLogged,
    resend: { allowed: refusal === null, reason: refusal },
  };
}
