import { DELIVERY_NOT_FOUND, RESEND_WHILE_PENDING, RESENT } from '../../../../common/admin/deliveries/texts.ts';
import { liveTopics } from '../../../../common/live.ts';
import { record } from '../../../audit/record.ts';
import { type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import { aborted, failedPrecondition, notFound } from '../../../rpc/errors.ts';
import { resendRefusal } from './log.ts';
import { signalDeliveryWork } from '../../../events/deliverySignal.ts';
import { findDelivery, findDeliveryWebhook, requeueDelivery } from '../../events/index.ts';

/**
 * Resend: the same row goes back to the engine's queue, due now, so the receiver gets the same
 * `webhook-id` (it can tell a repeat) and the attempts continue in one log. The engine polls due
 * rows at least every second, so nothing has to wake it.
 */
export async function resendDelivery(ctx: BackOfficeWriteContext, deliveryId: string) {
  const { tx, services } = ctx;
  const before = (await findDelivery(tx.db, deliveryId))?.summary;
  if (!before) throw notFound(DELIVERY_NOT_FOUND);
  const refusal = resendRefusal(before.status, await findDeliveryWebhook(tx.db, before.webhookId));
  if (refusal === RESEND_WHILE_PENDING) throw aborted(refusal);
  if (refusal) throw failedPrecondition(refusal);
  // Conditional on the status, so a resend racing another (or the engine) moves the row once.
  const now = services.clock.nowIso();
  if (!await requeueDelivery(tx.db, deliveryId, now)) throw aborted(RESEND_WHILE_PENDING);
  const after = (await findDelivery(tx.db, deliveryId))!.summary;
  await record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'webhook_delivery.resent',
    target: { type: 'webhook_delivery', id: deliveryId },
    before: { status: before.status, attempts: before.attempts, maxAttempts: before.maxAttempts },
    after: { status: after.status, maxAttempts: after.maxAttempts, webhookId: after.webhookId, eventId: after.eventId },
    requestId: ctx.requestId, at: now,
  });
  services.live.publish(tx, liveTopics.adminEvents(), 'events.changed');
  tx.afterCommit(signalDeliveryWork);
  return { success: true as const, message: RESENT, delivery: after };
}
