import {
  REPLAY_MAX_DAYS, REPLAY_MAX_DELIVERIES, REPLAY_SINCE_IN_FUTURE, REPLAY_SINCE_TOO_OLD, replayedText, replayWebhookInactive, WEBHOOK_NOT_FOUND,
} from '../../../../common/admin/deliveries/texts.ts';
import { liveTopics } from '../../../../common/live.ts';
import { record } from '../../../audit/record.ts';
import { type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import { failedPrecondition, invalidArgument, notFound } from '../../../rpc/errors.ts';
import { signalDeliveryWork } from '../../../events/deliverySignal.ts';
import { findDeliveryWebhook, hasFailedDeliveriesSince, requeueFailedDeliveries } from '../../events/index.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The earliest start a replay accepts: 00:00 UTC of the day REPLAY_MAX_DAYS ago, so a date picked
 * in a calendar (a day alone is its 00:00 UTC) is accepted all of that day, not only until the
 * hour it was 14 × 24 h ago.
 */
export function earliestReplayStart(now: Date): string {
  const day = new Date(now.getTime() - REPLAY_MAX_DAYS * DAY_MS).toISOString().slice(0, 10);
  return `${day}T00:00:00.000Z`;
}

/** Replay (Svix's "recover"): a webhook's failed deliveries since a time back to the queue, each keeping its id. */
export async function replayFailedDeliveries(ctx: BackOfficeWriteContext, webhookId: string, since: string) {
  const { tx, services } = ctx;
  const now = services.clock.now();
  if (since > now.toISOString()) throw invalidArgument(REPLAY_SINCE_IN_FUTURE);
  if (since < earliestReplayStart(now)) throw invalidArgument(REPLAY_SINCE_TOO_OLD);
  const webhook = await findDeliveryWebhook(tx.db, webhookId);
  if (!webhook) throw notFound(WEBHOOK_NOT_FOUND);
  if (!webhook.isActive) throw failedPrecondition(replayWebhookInactive(webhook.name));

  const replayed = await requeueFailedDeliveries(tx.db, webhookId, since, REPLAY_MAX_DELIVERIES, now.toISOString());
  const more = replayed === REPLAY_MAX_DELIVERIES && await hasFailedDeliveriesSince(tx.db, webhookId, since);
  await record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'webhook_delivery.replayed',
    target: { type: 'webhook', id: webhookId }, after: { since, replayed, more }, requestId: ctx.requestId, at: now.toISOString(),
  });
  if (replayed > 0) {
    services.live.publish(tx, liveTopics.adminEvents(), 'events.changed');
    tx.afterCommit(signalDeliveryWork);
  }
  return { success: true as const, message: replayedText(replayed, more), replayed, more };
}
