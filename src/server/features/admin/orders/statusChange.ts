import {
  FOUND_DONE_NOT_CANCELLED, NOTES_REQUIRED_TO_CANCEL, ORDER_MOVED, OUTCOME_UNKNOWN_NO_CANCEL, OUTCOME_UNKNOWN_WHILE_PROCESSING, REGISTRAR_CALL_IN_FLIGHT, PROCESSING_IS_RETRY, REFUND_OUTCOME_UNKNOWN, REFUND_UNDER_WAY, refundRefused, transitionRefused,
  USE_MANUAL_COMPLETION,
} from '../../../../common/admin/orders/texts.ts';
import { canTransition, ORDER_NOT_FOUND, type OrderStatus } from '../../../../common/domains/orders.ts';
import { liveTopics } from '../../../../common/live.ts';
import { record } from '../../../audit/record.ts';
import type { Tx } from '../../../db/transaction.ts';
import { type BackOfficeCallContext, type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import { aborted, failedPrecondition, invalidArgument, notFound, unavailable } from '../../../rpc/errors.ts';
import {
  askRefund, findOperatorOrder, lockOrder, moveOrderByOperator, type OperatorOrder, type OrderRefund, recordRefundOf, refundableOf, RefundNotMade,
  setDeskNotes, settleForOperator,
} from '../../domains/index.ts';
import { orderDetails, settableStatuses } from './service.ts';
import { appendNote, factsOf, requireOrder } from './writes.ts';

export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  notes?: string;
  adminActionRequired?: boolean;
}

/** The sentence the billing contact reads: an operator's notes are the team's own. */
const CANCELLED_BY_OPERATOR = 'our team cancelled the order.';

function checkChange(order: OperatorOrder, change: StatusChange): void {
  const to = change.status;
  const moving = to !== order.status;
  if (to === 'processing' && moving) throw failedPrecondition(PROCESSING_IS_RETRY);
  if (moving && !settableStatuses(order.status).includes(to)) {
    throw failedPrecondition(canTransition(order.status, to) ? USE_MANUAL_COMPLETION : transitionRefused(order.status, to));
  }
  if (to === 'cancelled' && moving && !change.notes) throw invalidArgument(NOTES_REQUIRED_TO_CANCEL);
}

/**
 * updateOrderStatus. Cancelling a paid order refunds it first, with no transaction open while the
 * payment provider answers: the order is claimed (nothing else moves it meanwhile), the refund
 * asked, then the cancel recorded with it. Any other change is one short unit of work.
 */
export async function changeStatus(ctx: BackOfficeCallContext, change: StatusChange) {
  const order = await findOperatorOrder(ctx.services.db, change.orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  checkChange(order, change);
  await guardRegistrarOutcome(ctx, order, change);
  const refundDue = change.status === 'cancelled' && order.status !== 'cancelled' && order.paymentStatus === 'paid';
  const refund = refundDue ? await refundFirst(ctx, order, change.notes!) : null;
  return ctx.unitOfWork((unit) => recordChange(unit, change, refund));
}

/**
 * No order is taken from its job, cancelled or refunded while a registrar call for it is in flight
 * or its outcome is unknown (issue 18): the name could end bought and orphaned. A cancel first
 * asks every supplier whose call is unsettled; if one holds the name, the order completes instead.
 */
async function guardRegistrarOutcome(ctx: BackOfficeCallContext, order: OperatorOrder, change: StatusChange): Promise<void> {
  const moving = change.status !== order.status;
  const cancelling = moving && change.status === 'cancelled';
  if (!cancelling && !(moving && order.status === 'processing')) return;
  const settled = await settleForOperator(ctx.services, order.id, { ask: cancelling && order.status !== 'processing' });
  if (settled.state === 'clear') return;
  if (settled.state === 'in_flight') throw aborted(REGISTRAR_CALL_IN_FLIGHT);
  if (settled.state === 'unknown') throw aborted(order.status === 'processing' ? OUTCOME_UNKNOWN_WHILE_PROCESSING : OUTCOME_UNKNOWN_NO_CANCEL);
  await ctx.unitOfWork(({ tx }) => record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'order.cancel_found_done', target: { type: 'domain_order', id: order.id }, reason: change.notes ?? null,
    before: factsOf(order), after: { status: 'completed', supplierId: settled.supplierId }, requestId: ctx.requestId, at: ctx.services.clock.nowIso(),
  }));
  throw aborted(FOUND_DONE_NOT_CANCELLED);
}

/**
 * The domain area's one refund routine (askRefund). If the provider refuses, the order stays as
 * it was and the operator reads why. If it does not answer, the claim stays until it ends: the
 * money may be back, so nothing may move the order; the next cancellation asks with the same
 * idempotency key, and the providers look that refund up before making one.
 */
async function refundFirst(ctx: BackOfficeCallContext, order: OperatorOrder, reason: string): Promise<OrderRefund> {
  const audit = async (tx: Tx, action: string, after: Record<string, unknown>) => {
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action, target: { type: 'domain_order', id: order.id }, reason,
      after, requestId: ctx.requestId, at: ctx.services.clock.nowIso(),
    });
  };
  try {
    return await askRefund(ctx.services, refundableOf(order), reason, {
      claimed: (tx, request) => audit(tx, 'order.refund_started', request),
      refused: (tx, message) => audit(tx, 'order.refund_refused', { error: message }),
    });
  } catch (error) {
    if (!(error instanceof RefundNotMade)) throw error;
    if (error.problem === 'under_way') throw aborted(REFUND_UNDER_WAY);
    if (error.problem === 'moved') throw aborted(ORDER_MOVED);
    if (error.problem === 'unknown') throw unavailable(REFUND_OUTCOME_UNKNOWN);
    throw failedPrecondition(refundRefused(error.message));
  }
}

async function recordChange(unit: BackOfficeWriteContext, change: StatusChange, refund: OrderRefund | null) {
  const { tx, services } = unit;
  // On PostgreSQL the row is locked first, so two operators' notes are appended one after the
  // other. SQLite's one writer connection serializes the process.
  if (services.dialect === 'postgres') await lockOrder(tx.db, change.orderId);
  const order = await requireOrder(unit, change.orderId);
  // A refund's order was checked before its claim, which has kept it from moving since.
  if (!refund) checkChange(order, change);
  const to = change.status;
  const now = services.clock.nowIso();
  const notes = appendNote(order.adminNotes, now, unit.caller.email, change.notes);
  const flagged = to === 'requires_manual_processing' ? true : change.adminActionRequired ?? order.adminActionRequired;
  const desk = { notes, adminActionRequired: flagged };

  if (to !== order.status) {
    if (!await moveOrderByOperator(tx.db, order.id, to, order.status, desk, now, refund)) throw aborted(ORDER_MOVED);
    if (refund) await recordRefundOf(tx, services, order.id, refund, CANCELLED_BY_OPERATOR);
  } else {
    await setDeskNotes(tx.db, order.id, desk, now);
  }
  const after = await requireOrder(unit, order.id);
  await record(tx, {
    actor: operatorOf(unit), actingAs: null, action: 'order.status_changed', target: { type: 'domain_order', id: order.id },
    reason: change.notes ?? null, before: factsOf(order), after: { ...factsOf(after), refundId: refund?.refundId ?? null }, requestId: unit.requestId, at: now,
  });
  services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
  return { success: true as const, order: await orderDetails(tx.db, after) };
}
