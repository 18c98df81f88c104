import { liveTopics } from '../../../../common/live.ts';
import type { Tx } from '../../../db/transaction.ts';
import { providerEventFields, recordEvent } from '../../../events/recordEvent.ts';
import type { ProviderCheckoutSession } from '../../../integrations/payments/events.ts';
import type { Services } from '../../../rpc/context.ts';
import { DOMAIN_ORDER_PURPOSE } from './queries.ts';
import { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE, type FulfilOrderJob } from './queues.ts';
import { findOrder, type OrderRow, transitionOrder } from './repository.ts';
import { PAYMENT_AMOUNT_MISMATCH } from './texts.ts';

type CheckoutEvent = { id: string; created: number; data: { object: ProviderCheckoutSession } };

/** The order a domain-order checkout pays, if the session is one and names an order of its own account. */
async function orderOf(tx: Tx, services: Services, event: CheckoutEvent): Promise<OrderRow | undefined> {
  const session = event.data.object;
  if (session.metadata?.purpose !== DOMAIN_ORDER_PURPOSE) return undefined;
  const order = session.metadata.reference ? await findOrder(tx.db, session.metadata.reference) : undefined;
  const accountId = session.metadata.accountId ?? session.client_reference_id;
  if (!order || order.account_id !== accountId) {
    services.log.warn({ eventId: event.id, sessionId: session.id, reference: session.metadata.reference }, 'a domain order checkout names no order of its account; ignored');
    return undefined;
  }
  return order;
}

/**
 * checkout.session.completed for a domain order: paid in full, the order moves to processing and
 * its registration job is queued in the same unit of work (the job's singleton key is the order,
 * so it runs once at a time). Only the move from pending_payment counts: a second, distinct
 * completion for the same order (two checkouts both paid) changes nothing here and is logged for
 * the team to refund. A redelivery of the same event never gets here (the receiver applies an
 * event id once). A payment of another amount is not registered: the order fails for an operator.
 */
export async function onDomainCheckoutCompleted(tx: Tx, event: CheckoutEvent, services: Services): Promise<void> {
  const order = await orderOf(tx, services, event);
  if (!order) return;
  const session = event.data.object;
  // Paid later (a bank debit): its outcome comes with the provider's payment events, which do not pay domain orders yet.
  if (session.payment_status === 'unpaid') return;
  if (order.status !== 'pending_payment') {
    services.log.warn({ eventId: event.id, orderId: order.id, status: order.status, paymentIntent: session.payment_intent },
      'a domain order that no longer awaits payment was paid again; refund it');
    return;
  }

  const now = services.clock.nowIso();
  const payment = {
    payment_status: 'paid' as const, paid_at: new Date(event.created * 1000).toISOString(), payment_reference: session.payment_intent,
    payment_method: services.payments.mode === 'test' ? 'test' as const : 'checkout' as const, updated_at: now,
    // The invoice the provider made for this payment: a refund marks it.
    provider_invoice_id: session.invoice ?? null,
  };
  const actor = session.metadata.userId ? { userId: session.metadata.userId, actingAsAccountId: null } : undefined;
  const paidAmount = { amountCents: session.amount_total, currency: session.currency?.toUpperCase() ?? null };

  if (paidAmount.amountCents !== order.total_cents || paidAmount.currency !== order.currency) {
    if (!await transitionOrder(tx.db, order.id, 'failed', { ...payment, error: PAYMENT_AMOUNT_MISMATCH, admin_action_required: true }, 'pending_payment')) return;
    await recordEvent(tx, {
      type: 'order.domain.failed', accountId: order.account_id, severity: 'warning', actor, ...providerEventFields(services.payments, event.id),
      payload: { orderId: order.id, domain: order.domain, reason: 'payment_amount_mismatch', ...paidAmount, totalCents: order.total_cents, expectedCurrency: order.currency },
      at: now,
    });
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    return;
  }

  if (!await transitionOrder(tx.db, order.id, 'processing', payment, 'pending_payment')) return;
  const job: FulfilOrderJob = { orderId: order.id };
  await services.jobs.send(FULFIL_ORDER_QUEUE, job, { tx, singletonKey: order.id, ...FULFIL_ORDER_JOB_OPTIONS });
  await recordEvent(tx, {
    type: 'order.domain.paid', accountId: order.account_id, actor, ...providerEventFields(services.payments, event.id),
    payload: { orderId: order.id, kind: order.kind, domain: order.domain, ...paidAmount, paymentReference: session.payment_intent }, at: now,
  });
  services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
}

/**
 * checkout.session.expired for a domain order: the order stays awaiting payment (payDomainOrder
 * opens a new checkout; billing's handler has closed this one). Its page is told to refetch.
 */
export async function onDomainCheckoutExpired(tx: Tx, event: CheckoutEvent, services: Services): Promise<void> {
  const order = await orderOf(tx, services, event);
  if (!order || order.status !== 'pending_payment') return;
  const ours = event.data.object.metadata.checkoutSessionId;
  if (order.checkout_session_id !== null && order.checkout_session_id === ours) {
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
  }
}
