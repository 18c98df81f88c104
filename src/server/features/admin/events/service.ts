import type { z } from 'zod';
import {
  DASHBOARD_DELIVERIES_READ, DASHBOARD_EVENTS_READ, INVALID_EVENTS_CURSOR, RECENT_EVENTS_HOURS,
} from '../../../../common/admin/events/texts.ts';
import { averageOf } from '../../../../common/admin/webhooks/texts.ts';
import type { getEventsDashboard, listEvents } from '../../../../common/admin/events/contract.ts';
import type { Db } from '../../../db/transaction.ts';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../../rpc/newestFirstCursor.ts';
import { eventViews } from './eventViews.ts';
import {
  countEventsSince, flowTotals, latestDeliveryRows, listEventRows, webhookTotals,
} from './repository.ts';
import { startOfDay, startOfNextDay } from '../../../db/dayRange.ts';

const CURSOR_LIST = 'events';
const HOUR_MS = 3_600_000;

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfEvents(db: Db, input: z.output<typeof listEvents.input>): Promise<z.input<typeof listEvents.output>> {
  const after = input.startAfter ? decodeNewestFirstCursor(CURSOR_LIST, input.startAfter, INVALID_EVENTS_CURSOR) : null;
  const rows = await listEventRows(db, {
    limit: input.limit + 1,
    type: input.type ?? null,
    severity: input.severity ?? null,
    processed: input.status ? input.status === 'processed' : null,
    accountId: input.accountId ?? null,
    from: input.dateFrom ? startOfDay(input.dateFrom) : null,
    before: input.dateTo ? startOfNextDay(input.dateTo) : null,
    after,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last
    ? encodeNewestFirstCursor(CURSOR_LIST, { createdAt: last.position_value, id: last.id }) : null;
  return { events: await eventViews(db, page), nextCursor };
}

export async function eventsDashboard(db: Db, now: Date): Promise<z.input<typeof getEventsDashboard.output>> {
  const since = new Date(now.getTime() - RECENT_EVENTS_HOURS * HOUR_MS).toISOString();
  const [recentEvents, webhooks, flows, latest, deliveries] = await Promise.all([
    countEventsSince(db, since),
    webhookTotals(db),
    flowTotals(db),
    listEventRows(db, { limit: DASHBOARD_EVENTS_READ, type: null, severity: null, processed: null, accountId: null, from: null, before: null, after: null }),
    latestDeliveryRows(db, DASHBOARD_DELIVERIES_READ),
  ]);
  return {
    counts: {
      recentEvents,
      webhooks: webhooks.total,
      activeWebhooks: webhooks.active,
      flows: flows.total,
      activeFlows: flows.active,
      // Spec §9: the rounded mean; every attempt adds to both sums (the webhooks' statistics).
      averageResponseMs: averageOf(webhooks.responseMs, webhooks.attempts),
    },
    latestEvents: await eventViews(db, latest),
    latestDeliveries: deliveries.map((d) => ({
      id: d.id, webhookId: d.webhook_id, webhookName: d.webhook_name, eventId: d.event_id, eventType: d.event_type, status: d.status,
      httpStatus: d.last_http_status, responseMs: d.last_response_ms, at: d.updated_at,
    })),
    showQuickSetup: webhooks.total > 0 && flows.total === 0,
  };
}
