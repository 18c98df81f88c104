import { z } from 'zod';
import {
  DELIVERY_PAGE_MAX, DELIVERY_PAGE_SIZE, DELIVERY_STATUSES, INVALID_DELIVERY_CURSOR, INVALID_DELIVERY_RANGE, instantMessage,
  REPLAY_MAX_DAYS, REPLAY_MAX_DELIVERIES,
} from './texts.ts';
import { allow, defineContract, type FunctionContract } from '../../protocol.ts';
import { asObject, filterText, id, isoDate } from '../../contracts/shared.ts';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** True when the calendar, clock and zone fields name a real instant: "2026-02-30" is refused, not rolled over into March. */
function isRealInstant(text: string): boolean {
  const m = INSTANT.exec(text);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1, 7).map((v) => (v === undefined ? undefined : Number(v))) as number[];
  if (y < 1970 || Number.isNaN(Date.parse(text))) return false;
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d
    && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s;
}

/**
 * A point in time as ISO 8601: a day alone means its 00:00 UTC; a time needs its zone (Z or an
 * offset), so the same text means the same instant in every browser. Normalised to the stored form.
 */
const instant = (what: string) => z.string({ error: instantMessage(what) }).trim().max(40, instantMessage(what))
  .refine(isRealInstant, instantMessage(what))
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v).toISOString());

const deliveryStatus = z.enum(DELIVERY_STATUSES);

export const deliverySummary = z.object({
  /** Also the Standard Webhooks `webhook-id` header: the same on every attempt and on a resend. */
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  webhookId: z.string(),
  /** Null once the webhook was deleted. */
  webhookName: z.string().nullable(),
  status: deliveryStatus,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastHttpStatus: z.number().int().nullable(),
  lastResponseMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  /** When the engine sends it next (pending only). */
  nextAttemptAt: isoDate.nullable(),
});
export type DeliverySummary = z.infer<typeof deliverySummary>;

export const listDeliveries = defineContract({
  name: 'listDeliveries',
  summary: `The webhook delivery log newest first, ${DELIVERY_PAGE_SIZE} a page by default (keyset), filtered by status, webhook, event, event type (prefix) and creation time (since inclusive, until exclusive; a day alone is its 00:00 UTC).`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    limit: z.number({ error: 'Limit must be a whole number.' }).int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.').max(DELIVERY_PAGE_MAX, `Limit must be at most ${DELIVERY_PAGE_MAX}.`).default(DELIVERY_PAGE_SIZE),
    startAfter: z.string({ error: INVALID_DELIVERY_CURSOR }).max(400, INVALID_DELIVERY_CURSOR).nullish(),
    status: z.enum(DELIVERY_STATUSES, { error: 'Status must be pending, success or failed.' }).nullish(),
    webhookId: filterText('Webhook ID', 128),
    eventId: filterText('Event ID', 128),
    /** The beginning of the event type: "domain." picks every domain event. */
    eventType: filterText('Event type', 100, { lowerCase: true })
      .refine((v) => v == null || /^[a-z0-9_.-]+$/.test(v), 'Event type must be letters, digits, dots, dashes and underscores.'),
    since: instant('Since').nullish(),
    until: instant('Until').nullish(),
  }, asObject).strict()
    .refine((i) => !i.since || !i.until || i.since < i.until, { message: INVALID_DELIVERY_RANGE, path: ['until'] })
    .optional().default({ limit: DELIVERY_PAGE_SIZE }),
  output: z.object({ deliveries: z.array(deliverySummary), nextCursor: z.string().nullable() }),
});

export const deliveryAttempt = z.object({
  id: z.string(),
  attempt: z.number().int(),
  createdAt: isoDate,
  status: z.enum(['success', 'failed']),
  httpStatus: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
  requestUrl: z.string(),
  /** As sent, with credentials (authorization, API keys, cookies) masked. */
  requestHeaders: z.record(z.string(), z.string()),
  responseHeaders: z.record(z.string(), z.string()).nullable(),
  /** The beginning of the answer's body as kept by the engine; `responseTruncated` says when it was cut. */
  responseBody: z.string().nullable(),
  responseTruncated: z.boolean(),
});
export type DeliveryAttemptView = z.infer<typeof deliveryAttempt>;

export const deliveryDetails = deliverySummary.extend({
  flowId: z.string().nullable(),
  event: z.object({
    id: z.string(), type: z.string(), severity: z.string(), source: z.string(), createdAt: isoDate,
  }).nullable(),
  webhook: z.object({
    id: z.string(), name: z.string(), url: z.string(), method: z.string(), isActive: z.boolean(),
  }).nullable(),
  /** The exact body sent (signed byte for byte). */
  payload: z.string(),
  /** The newest attempts, oldest first; `attemptsLogged` counts every logged attempt. */
  attemptLog: z.array(deliveryAttempt),
  attemptsLogged: z.number().int(),
  /** Whether the caller may resend it now, and why not: the page shows this instead of deciding. */
  resend: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
});
export type DeliveryDetails = z.infer<typeof deliveryDetails>;

export const getDelivery = defineContract({
  name: 'getDelivery',
  summary: 'One delivery with its event, its webhook, the body sent and its attempts (request URL and headers with credentials masked, response status, headers and capped body).',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ deliveryId: id('Delivery ID') }, asObject).strict(),
  output: z.object({ delivery: deliveryDetails }),
});

export const resendDelivery = defineContract({
  name: 'resendDelivery',
  summary: 'Queues a finished delivery (success or failed) again now, with the same id (the same webhook-id) and at least one more attempt. Refused while it is pending or being sent, and when its webhook is deleted or inactive. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ deliveryId: id('Delivery ID') }, asObject).strict(),
  output: z.object({ success: z.literal(true), message: z.string(), delivery: deliverySummary }),
});

export const replayFailedDeliveries = defineContract({
  name: 'replayFailedDeliveries',
  summary: `Queues again every failed delivery of an active webhook created since a time (not in the future, at most ${REPLAY_MAX_DAYS} days back), oldest first, at most ${REPLAY_MAX_DELIVERIES.toLocaleString('en-US')} at once (\`more\` says some remain). Audited.`,
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ webhookId: id('Webhook ID'), since: instant('Since') }, asObject).strict(),
  output: z.object({ success: z.literal(true), message: z.string(), replayed: z.number().int(), more: z.boolean() }),
});

/** The delivery log and its operator actions: list, open, resend, replay (issue 9). */
export const contracts = {
  listDeliveries, getDelivery, resendDelivery, replayFailedDeliveries,
} satisfies Record<string, FunctionContract>;
