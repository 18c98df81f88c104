import {
  CLOUDFLARE_REGISTRAR, DOMAIN_HELD_ELSEWHERE, NOT_COMPLETABLE, ORDER_MOVED, OTHER_REGISTRAR, RETRY_MESSAGES, UNKNOWN_SUPPLIER,
} from '../../../../common/admin/orders/texts.ts';
import { canTransition, ORDER_NOT_FOUND } from '../../../../common/domains/orders.ts';
import { liveTopics } from '../../../../common/live.ts';
import { record } from '../../../audit/record.ts';
import { type BackOfficeCallContext, type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import { aborted, failedPrecondition, invalidArgument, notFound } from '../../../rpc/errors.ts';
import { retryAtCloudflare } from './cloudflareRetry.ts';
import { factsOf } from './facts.ts';
import { canRetry, orderDetails } from './service.ts';
import {
  findOperatorOrder, FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE, type FulfilOrderJob, isActiveSupplier, type OperatorOrder,
  OrderMovedMeanwhile, recordManualCompletion, reopenForRetry, setDeskNotes, settleForOperator,
} from '../../domains/index.ts';

/**
 * The back office's writes to domain orders (issue 8), each in the protocol's audited unit of
 * work; the status change, which may refund, is statusChange.ts. Every status change goes through
 * transitionOrder; Retry is the registration job itself (processing + the job), so there is no
 * second way to register, and it asks the suppliers first (issue 18).
 */


/** "YYYY-MM-DD HH:MM operator@example.com: note", one line per note (a note's own line breaks become spaces). */
export function appendNote(notes: string | null, at: string, email: string, note: string | undefined): string | null {
  if (!note) return notes;
  const line = `${at.slice(0, 10)} ${at.slice(11, 16)} ${email}: ${note.replace(/\s*[\r\n]+\s*/g, ' ')}`;
  return notes ? `${notes}\n${line}` : line;
}

export async function requireOrder(ctx: BackOfficeWriteContext, orderId: string): Promise<OperatorOrder> {
  const order = await findOperatorOrder(ctx.tx.db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

async function requireRegistrar(ctx: BackOfficeWriteContext, registrar: string): Promise<void> {
  if (registrar !== OTHER_REGISTRAR && !await isActiveSupplier(ctx.tx.db, registrar)) throw invalidArgument(UNKNOWN_SUPPLIER);
}

export { factsOf } from './facts.ts';

function retryRefusal(order: OperatorOrder | undefined): string | null {
  if (!order) return RETRY_MESSAGES.notFound;
  if (order.status === 'processing') return RETRY_MESSAGES.processing;
  if (order.status === 'completed') return RETRY_MESSAGES.completed;
  if (order.status === 'cancelled') return RETRY_MESSAGES.cancelled;
  if (order.paymentStatus !== 'paid') return RETRY_MESSAGES.unpaid;
  return canRetry(order) ? null : RETRY_MESSAGES.notAllowed;
}

class NotReopened extends Error {}

/**
 * Retry and Force registrar: the registration job again, after asking first. A call an earlier
 * run made may have gone through (an unknown outcome, docs/decisions.md), so every supplier with
 * an unsettled call is asked before the order is sent: one that holds the name completes the
 * order, one that cannot say keeps it where it is. No transaction is open while they answer.
 */
export async function retryOrders(ctx: BackOfficeCallContext, orderIds: string[], forceRegistrar: string | null) {
  const { services } = ctx;
  if (forceRegistrar !== null && (forceRegistrar === OTHER_REGISTRAR || !await isActiveSupplier(services.db, forceRegistrar))) {
    throw invalidArgument(UNKNOWN_SUPPLIER);
  }
  const results: { orderId: string; ok: boolean; message: string }[] = [];
  for (const orderId of orderIds) {
    const order = await findOperatorOrder(services.db, orderId);
    const refusal = retryRefusal(order);
    if (refusal || !order) {
      results.push({ orderId, ok: false, message: refusal ?? RETRY_MESSAGES.notFound });
      continue;
    }
    if (forceRegistrar === CLOUDFLARE_REGISTRAR) {
      results.push({ orderId, ...await retryAtCloudflare(ctx, order) });
      continue;
    }
    const settled = await settleForOperator(services, orderId, { ask: true });
    if (settled.state === 'in_flight' || settled.state === 'unknown') {
      results.push({ orderId, ok: false, message: settled.state === 'in_flight' ? RETRY_MESSAGES.inFlight : RETRY_MESSAGES.outcomeUnknown });
      continue;
    }
    if (settled.state === 'completed') {
      await ctx.unitOfWork(({ tx }) => record(tx, {
        actor: operatorOf(ctx), actingAs: null, action: 'order.retry_found_done', target: { type: 'domain_order', id: orderId },
        before: factsOf(order), after: { status: 'completed', supplierId: settled.supplierId }, requestId: ctx.requestId, at: services.clock.nowIso(),
      }));
      results.push({ orderId, ok: true, message: RETRY_MESSAGES.foundDone });
      continue;
    }
    const sent = await ctx.unitOfWork(async ({ tx }) => {
      const now = services.clock.nowIso();
      // Every unit commits with an audit entry, so one that moves nothing rolls back.
      if (!await reopenForRetry(tx.db, orderId, order.status, now)) throw new NotReopened();
      const job: FulfilOrderJob = { orderId, forceSupplierId: forceRegistrar };
      await services.jobs.send(FULFIL_ORDER_QUEUE, job, { tx, singletonKey: orderId, ...FULFIL_ORDER_JOB_OPTIONS });
      await record(tx, {
        actor: operatorOf(ctx), actingAs: null, action: 'order.retried', target: { type: 'domain_order', id: orderId },
        before: factsOf(order), after: { status: 'processing', forceRegistrar }, requestId: ctx.requestId, at: now,
      });
      services.live.publish(tx, liveTopics.domainOrder(orderId), 'domain_order.changed');
      return true;
    }).catch((error: unknown) => {
      if (error instanceof NotReopened) return false;
      throw error;
    });
    results.push({ orderId, ok: sent, message: sent ? RETRY_MESSAGES.queued : RETRY_MESSAGES.notAllowed });
  }
  const successful = results.filter((r) => r.ok).length;
  // One entry for the whole request, so a retry that moved nothing is on record too.
  await ctx.unitOfWork(({ tx }) => record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'order.bulk_retry', target: { type: 'domain_order', id: null },
    after: { forceRegistrar, results }, requestId: ctx.requestId, at: services.clock.nowIso(),
  }));
  return { success: successful > 0, summary: { successful, failed: results.length - successful }, results };
}

export interface ManualCompletion {
  orderId: string;
  registrationId: string;
  registrar: string;
  registrarName?: string;
  expirationDate: string;
  nameservers: string[];
  notes?: string;
}

export async function completeManually(ctx: BackOfficeWriteContext, input: ManualCompletion) {
  const { tx, services } = ctx;
  const order = await requireOrder(ctx, input.orderId);
  if (!canTransition(order.status, 'completed')) throw failedPrecondition(NOT_COMPLETABLE);
  await requireRegistrar(ctx, input.registrar);
  const supplierId = input.registrar === OTHER_REGISTRAR ? null : input.registrar;
  const expiresAt = `${input.expirationDate}T00:00:00.000Z`;
  try {
    const outcome = await recordManualCompletion(tx, services, order.id, {
      supplierId, registrarName: supplierId === null ? input.registrarName ?? null : null, registrationId: input.registrationId, expiresAt, nameservers: input.nameservers,
    });
    if (outcome === 'taken') throw failedPrecondition(DOMAIN_HELD_ELSEWHERE);
  } catch (error) {
    if (error instanceof OrderMovedMeanwhile) throw aborted(ORDER_MOVED);
    throw error;
  }
  const now = services.clock.nowIso();
  await setDeskNotes(tx.db, order.id, { notes: appendNote(order.adminNotes, now, ctx.caller.email, input.notes), adminActionRequired: false }, now);
  const after = await requireOrder(ctx, order.id);
  await record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'order.manually_completed', target: { type: 'domain_order', id: order.id },
    reason: input.notes ?? null, before: factsOf(order),
    after: { ...factsOf(after), registrar: input.registrar, registrarName: input.registrarName ?? null, registrationId: input.registrationId, expirationDate: expiresAt, nameservers: input.nameservers },
    requestId: ctx.requestId, at: now,
  });
  return { success: true as const, order: await orderDetails(tx.db, after) };
}
