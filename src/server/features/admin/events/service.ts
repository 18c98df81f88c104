import type { z } from 'zod';
import {
  DASHBOARD_DELIVERIES_READ, DASHBOARD_EVENTS_READ, INVALID_EVENTS_CURSOR, RECENT_EVENTS_HOURS,
} from '../../../../common/admin/events/texts.ts';
import { averageOf } from '../../../../common/admin/webhooks/texts.ts';
import type { getEventsDashboard, listEvents } from '../../../../common/admin/events/contract.ts';
import type { Db } from '../../../db/transaction.ts';
import { countEventsSince, pageOfPlatformEvents } from '../../../events/eventLog.ts';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../../rpc/newestFirstCursor.ts';
import { eventViews } from './eventViews.ts';
import { startOfDay, startOfNextDay } from '../../../db/dayRange.ts';
import { flowTotals, latestDeliveries, webhookTotals } from '../../events/index.ts';

const CURSOR_LIST = 'events';
const HOUR_MS = 3_600_000;

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfEvents(db: Db, input: z.output<typeof listEvents.input>): Promise<z.input<typeof listEvents.output>> {
  const after = input.startAfter ? decodeNewestFirstCursor(CURSOR_LIST, input.startAfter, INVALID_EVENTS_CURSOR) : null;
  const { events, next } = await pageOfPlatformEvents(db, {
    limit: input.limit,
    type: input.type ?? null,
    severity: input.severity ?? null,
    processed: input.status ? input.status === 'processed' : null,
    accountId: input.accountId ?? null,
    from: input.dateFrom ? startOfDay(input.dateFrom) : null,
    before: input.dateTo ? startOfNextDay(input.dateTo) : null,
    after,
  });
  return { events: await eventViews(db, events), nextCursor: next ? encodeNewestFirstCursor(CURSOR_LIST, next) : null };
}

export async function eventsDashboard(db: Db, now: Date): Promise<z.input<typeof getEventsDashboard.output>> {
  const since = new Date(now.getTime() - RECENT_EVENTS_HOURS * HOUR_MS).toISOString();
  const [recentEvents, webhooks, flows, latest, deliveries] = await Promise.all([
    countEventsSince(db, since),
    webhookTotals(db),
    flowTotals(db),
    pageOfPlatformEvents(db, { limit: DASHBOARD_EVENTS_READ, type: null, severity: null, processed: null, accountId: null, from: null, before: null, after: null }),
    latestDeliveries(db, DASHBOARD_DELIVERIES_READ),
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
    latestEvents: await eventViews(db, latest.events),
    latestDeliveries: deliveries,
    showQuickSetup: webhooks.total > 0 && flows.total === 0,
  };
}
