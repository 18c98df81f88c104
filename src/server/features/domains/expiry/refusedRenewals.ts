import { liveTopics } from '../../../../common/live.ts';
import { AUTOMATIC_RENEWAL_ORDERED_BY } from '../../../../common/domains/orders.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { Services } from '../../../rpc/context.ts';
import { reopenForRetry } from '../orders/deskOrder.ts';
import { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE, type FulfilOrderJob } from '../orders/queues.ts';
import { askRefund, RefundNotMade, recordRefund } from '../orders/refund.ts';
import { findOrder, markOrderRefunded, type OrderRow, updateOrderFields } from '../orders/repository.ts';
import { refusedAutomaticRenewals } from './repository.ts';
import { registrarRetryEnds } from './renewalRules.ts';

/**
 * Paid automatic renewals the registrar refused. The card was charged once for the term; the
 * job asks the registrar again, once a day, until registrarRetryEnds, and then gives the money
 * back, tells the billing contact and leaves the order for an operator. It never charges again
 * for the term (renewalBlocker's paid_this_term).
 */

export const renewalRefundedSentence = (domain: string) =>
  `our registrar refused to renew ${domain} for several days, so the automatic renewal was not made. `
  + 'The domain still expires on its old date: renew it by hand from its page, or open a ticket and our team will help.';

export interface RefusedRenewalsSummary {
  retried: number;
  refunded: number;
}

/** The back office's note format: 'YYYY-MM-DD HH:MM who: note'. */
const appendNote = (notes: string | null, at: string, line: string) => {
  const entry = `${at.slice(0, 10)} ${at.slice(11, 16)} ${AUTOMATIC_RENEWAL_ORDERED_BY}: ${line}`;
  return notes ? `${notes}\n${entry}` : entry;
};

const startOfDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

export async function settleRefusedRenewals(services: Services, now: Date, signal?: AbortSignal): Promise<RefusedRenewalsSummary> {
  const summary: RefusedRenewalsSummary = { retried: 0, refunded: 0 };
  for (const order of await refusedAutomaticRenewals(services.db, AUTOMATIC_RENEWAL_ORDERED_BY)) {
    if (signal?.aborted) break;
    // The domain was renewed another way meanwhile (an operator, a sync): asking again would renew it twice.
    const termMoved = order.renews_from !== null && (order.domain_expires_at === null || Date.parse(order.domain_expires_at) !== Date.parse(order.renews_from));
    if (termMoved || now.getTime() >= registrarRetryEnds(order.paid_at ?? order.created_at, order.renews_from)) {
      if (await refundRefusedRenewal(services, order, now)) summary.refunded += 1;
    } else if (Date.parse(order.updated_at) < startOfDay(now) && await retryAtRegistrar(services, order, now)) {
      // Refused today already: a rerun of today's job does not ask the registrar again.
      summary.retried += 1;
    }
  }
  return summary;
}

/** Back to processing with its fulfilment job: the registrar is asked again, the card is not touched. */
async function retryAtRegistrar(services: Services, order: OrderRow, now: Date): Promise<boolean> {
  return inTransaction(services.db, async (tx) => {
    if (!await reopenForRetry(tx.db, order.id, 'failed', now.toISOString())) return false;
    await services.jobs.send<FulfilOrderJob>(FULFIL_ORDER_QUEUE, { orderId: order.id }, { tx, singletonKey: order.id, ...FULFIL_ORDER_JOB_OPTIONS });
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    return true;
  }, services.log);
}

/**
 * The refund through the shared routine. A refusal or an unanswered request leaves the order
 * paid: a refusal goes to an operator at once; an unanswered one is asked again by the next run
 * with the same key, which finds the first refund rather than making a second.
 */
async function refundRefusedRenewal(services: Services, order: OrderRow, now: Date): Promise<boolean> {
  const reason = `Automatic renewal of ${order.domain} refused by the registrar.`;
  let refund;
  try {
    refund = await askRefund(services, order, reason);
  } catch (error) {
    if (!(error instanceof RefundNotMade)) throw error;
    services.log.error({ orderId: order.id, problem: error.problem, message: error.message }, 'refund of a refused automatic renewal not made');
    if (error.problem === 'refused' || error.problem === 'no_reference') {
      // The operator sees the order in the failed-order queue with the provider's words in its notes.
      await updateOrderFields(services.db, order.id, {
        admin_action_required: true, admin_notes: appendNote(order.admin_notes, now.toISOString(), `the refund was refused: ${error.message}`), updated_at: now.toISOString(),
      });
    }
    return false;
  }
  return inTransaction(services.db, async (tx) => {
    const at = now.toISOString();
    const sentence = renewalRefundedSentence(order.domain);
    const moved = await markOrderRefunded(tx.db, order.id, refund.claim, {
      refunded_at: at, admin_action_required: true, updated_at: at,
      error: `${order.domain} could not be renewed: ${sentence} Your payment was refunded.`,
    });
    if (!moved) return false;
    await recordRefund(tx, services, (await findOrder(tx.db, order.id))!, refund, sentence, { automatic: true });
    return true;
  }, services.log);
}
