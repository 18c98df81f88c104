import { z } from 'zod';
import {
  EVENT_JSON_MAX_BYTES, EVENT_JSON_MAX_DEPTH, EVENT_STATUSES, EVENTS_PAGE_MAX, EVENTS_PAGE_SIZE, INVALID_EVENT_DATE_RANGE,
  INVALID_EVENTS_CURSOR, INVALID_TYPE_FILTER, jsonTooDeep, jsonTooLarge, TEST_EVENT_TEMPLATE_KEYS, type TestEventTemplate,
} from './texts.ts';
import { DELIVERY_STATUSES } from '../deliveries/texts.ts';
import { EVENT_SEVERITIES, isValidEventPattern } from '../../events/eventFlows.ts';
import { allow, defineContract, type FunctionContract } from '../../protocol.ts';
import { accountId, asObject, day, filterText, isoDate } from '../../contracts/shared.ts';

/** How deep a JSON value nests, walked without recursion (the body reader already caps the request at 32 levels). */
function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const here = depth + 1;
    if (here > max) max = here;
    if (max > EVENT_JSON_MAX_DEPTH) return max;
    for (const child of Object.values(v)) stack.push([child, here]);
  }
  return max;
}

const byteSize = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** A JSON object of free fields, bounded in size and depth. */
const jsonObject = (what: string) => z.record(z.string(), z.unknown(), { error: `${what} must be a JSON object.` })
  .refine((v) => jsonDepth(v) <= EVENT_JSON_MAX_DEPTH, jsonTooDeep(what))
  .refine((v) => byteSize(v) <= EVENT_JSON_MAX_BYTES, jsonTooLarge(what));

const severity = z.enum(EVENT_SEVERITIES, { error: `Severity must be one of ${EVENT_SEVERITIES.join(', ')}.` });

export const collectEvent = defineContract({
  name: 'collectEvent',
  summary: `Records an event of a catalogue type (payload and context: JSON objects of at most ${EVENT_JSON_MAX_BYTES / 1024} KB and ${EVENT_JSON_MAX_DEPTH} levels each); flows deliver it like any other. Audited.`,
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    eventType: z.string({ error: 'Event type is required.' }).trim().min(1, 'Event type is required.').max(120, 'Event type must be at most 120 characters.'),
    payload: jsonObject('Payload').optional().default({}),
    context: jsonObject('Context').optional().default({}),
    source: z.string({ error: 'Source must be a text.' }).trim().max(100, 'Source must be at most 100 characters.')
      .transform((v) => v || null).nullish(),
    correlationId: filterText('Correlation ID', 200),
    severity: severity.optional().default('info'),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), eventId: z.string(), requestId: z.string(), message: z.string() }),
});

export const deliveryCounts = z.object({ pending: z.number().int(), success: z.number().int(), failed: z.number().int() });

export const eventView = z.object({
  id: z.string(),
  eventType: z.string(),
  /** The catalogue category, or null for a type the catalogue no longer lists. */
  category: z.string().nullable(),
  severity,
  source: z.string(),
  accountId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  correlationId: z.string().nullable(),
  payload: z.unknown(),
  context: z.unknown(),
  createdAt: isoDate,
  /** Spec: an event shows Processed (fanned out to the flows) or Pending. */
  processed: z.boolean(),
  deliveries: deliveryCounts,
});
export type EventView = z.infer<typeof eventView>;

export const listEvents = defineContract({
  name: 'listEvents',
  summary: `Events newest first, ${EVENTS_PAGE_SIZE} a page by default (keyset), filtered by type (an exact type, a prefix such as "domain", or a pattern such as domain.* or *.*.failed), severity, processed or pending, account and days (UTC, both ends included); each with its delivery counts.`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    limit: z.number({ error: 'Limit must be a whole number.' }).int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.').max(EVENTS_PAGE_MAX, `Limit must be at most ${EVENTS_PAGE_MAX}.`).default(EVENTS_PAGE_SIZE),
    startAfter: z.string({ error: INVALID_EVENTS_CURSOR }).max(400, INVALID_EVENTS_CURSOR).nullish(),
    type: filterText('Event type filter', 120).refine((v) => v == null || isValidEventPattern(v), INVALID_TYPE_FILTER),
    severity: severity.nullish(),
    status: z.enum(EVENT_STATUSES, { error: 'Status must be processed or pending.' }).nullish(),
    accountId: accountId.nullish(),
    dateFrom: day('Start date'),
    dateTo: day('End date'),
  }, asObject).strict()
    .refine((i) => !i.dateFrom || !i.dateTo || i.dateFrom <= i.dateTo, { message: INVALID_EVENT_DATE_RANGE, path: ['dateTo'] })
    .optional().default({ limit: EVENTS_PAGE_SIZE }),
  output: z.object({ events: z.array(eventView), nextCursor: z.string().nullable() }),
});

export const dashboardDelivery = z.object({
  id: z.string(),
  webhookId: z.string(),
  webhookName: z.string().nullable(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  httpStatus: z.number().int().nullable(),
  responseMs: z.number().int().nullable(),
  /** When it last changed: created, or its last attempt. */
  at: isoDate,
});
export type DashboardDelivery = z.infer<typeof dashboardDelivery>;

export const getEventsDashboard = defineContract({
  name: 'getEventsDashboard',
  summary: 'The events dashboard: events of the last 24 hours, webhooks (total, active), flows (total, active), the average response in ms over every attempt, the 10 latest events and the 20 latest deliveries, and whether to offer Quick Setup (webhooks but no flows).',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({}, asObject).strict().optional().default({}),
  output: z.object({
    counts: z.object({
      recentEvents: z.number().int(),
      webhooks: z.number().int(),
      activeWebhooks: z.number().int(),
      flows: z.number().int(),
      activeFlows: z.number().int(),
      /** Rounded mean response time of every attempt in ms; 0 before the first. */
      averageResponseMs: z.number().int(),
    }),
    latestEvents: z.array(eventView),
    latestDeliveries: z.array(dashboardDelivery),
    showQuickSetup: z.boolean(),
  }),
});

export const sendTestEvent = defineContract({
  name: 'sendTestEvent',
  summary: 'Records one of the four test templates as a real event (source {product}.test-system, severity info) and answers how many active flows it matches. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    template: z.enum(TEST_EVENT_TEMPLATE_KEYS as [TestEventTemplate, ...TestEventTemplate[]], { error: `Template must be one of ${TEST_EVENT_TEMPLATE_KEYS.join(', ')}.` }),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), eventId: z.string(), eventType: z.string(), flowsMatched: z.number().int(), message: z.string() }),
});

/** The event functions: collect, lists, dashboard, test sender (issue 9). */
export const contracts = { collectEvent, listEvents, getEventsDashboard, sendTestEvent } satisfies Record<string, FunctionContract>;
