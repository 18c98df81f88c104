import { formatAmount } from '../../../../common/billing/billing.ts';
import { liveTopics } from '../../../../common/live.ts';
import { findBillingContact } from '../../../access/accountBilling.ts';
import { inTransaction, type Tx } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import type { MailMessage } from '../../../integrations/mail/mailer.ts';
import { PaymentProviderError } from '../../../integrations/payments/provider.ts';
import type { Services } from '../../../rpc/context.ts';
import { markInvoiceRefunded } from '../../billing/index.ts';
import type { OperatorOrder } from './deskOrder.ts';
import { claimOrderForRefund, findOrder, type OrderRow, releaseRefundClaim } from './repository.ts';

/**
 * The one refund of a paid domain order, used by the operator's cancellation and by the daily
 * job's refund of an automatic renewal the registrar kept refusing. Two steps, with no
 * transaction open while the provider answers:
 *
 * 1. askRefund: the order is claimed (nothing but the refund's own write moves it meanwhile),
 *    then the provider asked with a key made from the order, so asking again after an answer
 *    that never came looks the first refund up instead of making a second one.
 * 2. recordRefund, in the caller's unit of work with the order's own move: the payment marked
 *    refunded, the order's invoice marked, the event, and a mail to the billing contact.
 */

/** Outlasts the Stripe SDK's three 20 s attempts, so a claim never ends while its refund call still runs. */
export const REFUND_CLAIM_MS = 90_000;

export const refundIdempotencyKey = (orderId: string) => `refund_domain_order_${orderId}`;

export type RefundableOrder = Pick<
  OrderRow, 'id' | 'status' | 'payment_reference' | 'payment_method' | 'total_cents' | 'currency' | 'refund_claimed_until'
>;

export const refundableOf = (order: OperatorOrder): RefundableOrder => ({
  id: order.id, status: order.status, payment_reference: order.paymentReference, payment_method: order.paymentMethod,
  total_cents: order.totalCents, currency: order.currency, refund_claimed_until: order.refundClaimedUntil,
});

export interface OrderRefund {
  /** Null when nothing was taken at the provider (test mode's automatic renewals are recorded as paid without a charge). */
  refundId: string | null;
  /** The claim the refund holds the order under; the write that records the refund ends it. */
  claim: string;
}

export type RefundProblem = 'no_reference' | 'under_way' | 'moved' | 'refused' | 'unknown';

/** Why no refund was made; `message` is safe to show an operator (the provider's words for a refusal). */
export class RefundNotMade extends Error {
  constructor(readonly problem: RefundProblem, message: string) {
    super(message);
    this.name = 'RefundNotMade';
  }
}

export interface RefundHooks {
  /** In the claim's unit of work (the operator's audit entry). */
  claimed?: (tx: Tx, request: { amountCents: number; currency: string; idempotencyKey: string; claimedUntil: string }) => Promise<void>;
  /** In the unit of work that frees the claim after the provider refused. */
  refused?: (tx: Tx, message: string) => Promise<void>;
}

/**
 * Claims the order and asks the provider for the whole payment back. Throws RefundNotMade: a
 * refusal frees the claim; an answer that never came keeps it until it ends, since the money
 * may be on its way back.
 */
export async function askRefund(services: Services, order: RefundableOrder, reason: string, hooks: RefundHooks = {}): Promise<OrderRefund> {
  const nothingTaken = order.payment_reference === null && order.payment_method === 'test';
  if (order.payment_reference === null && !nothingTaken) throw new RefundNotMade('no_reference', 'the payment has no reference at the payment provider.');
  const now = services.clock.now().getTime();
  if (order.refund_claimed_until && Date.parse(order.refund_claimed_until) > now) throw new RefundNotMade('under_way', 'A refund of this order is under way.');
  const claim = new Date(now + REFUND_CLAIM_MS).toISOString();
  const request = { amountCents: order.total_cents, currency: order.currency, idempotencyKey: refundIdempotencyKey(order.id), claimedUntil: claim };
  await inTransaction(services.db, async (tx) => {
    if (!await claimOrderForRefund(tx.db, order.id, order.status, claim, new Date(now).toISOString())) throw new RefundNotMade('moved', 'The order moved meanwhile.');
    await hooks.claimed?.(tx, request);
  }, services.log);
  if (nothingTaken) return { refundId: null, claim };
  try {
    const { refundId } = await services.payments.refundPayment({
      paymentReference: order.payment_reference!, amountCents: request.amountCents, currency: request.currency, idempotencyKey: request.idempotencyKey, reason,
    });
    return { refundId, claim };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'unavailable') throw new RefundNotMade('unknown', error.message);
    await inTransaction(services.db, async (tx) => {
      await releaseRefundClaim(tx.db, order.id, claim);
      await hooks.refused?.(tx, error.message);
    }, services.log);
    throw new RefundNotMade('refused', error.message);
  }
}

export function refundedMail(m: {
  to: string; accountName: string; domain: string; kind: OrderRow['kind']; amountCents: number; currency: string; reason: string; publicUrl: string;
}): MailMessage {
  const what = m.kind === 'renewal' ? `renewal of ${m.domain}` : `registration of ${m.domain}`;
  return {
    to: m.to,
    subject: `Refund of ${formatAmount(m.amountCents, m.currency)} for ${m.domain}`,
    text: `We have refunded ${formatAmount(m.amountCents, m.currency)} to the account "${m.accountName}" for the ${what}: ${m.reason}\n\n`
      + 'The money goes back to the payment method it was paid with; depending on the bank it shows in 5 to 10 days. '
      + `The invoice of the order, if it had one, shows the refund at ${m.publicUrl}/billing.\n\n`
      + `Questions? Open a ticket at ${m.publicUrl}/tickets/new and mention the domain.`,
  };
}

/**
 * What a refund causes, in the caller's unit of work beside the order's own move (which sets
 * payment_status 'refunded' and ends the claim): the invoice marked, the event, the live
 * message, and the billing contact told in `customerReason`, a sentence for them.
 */
export async function recordRefund(
  tx: Tx, services: Services, order: OrderRow, refund: OrderRefund, customerReason: string, facts: { automatic?: true } = {},
): Promise<void> {
  const now = services.clock.nowIso();
  if (order.provider_invoice_id) {
    const marked = await markInvoiceRefunded(tx, services, order.provider_invoice_id, { amountCents: order.total_cents, at: now });
    if (!marked) services.log.warn({ orderId: order.id, invoice: order.provider_invoice_id }, 'a refunded domain order\'s invoice has not reached us; it is not marked');
  }
  await recordEvent(tx, {
    type: 'order.domain.refunded', accountId: order.account_id, correlationId: order.id,
    payload: { orderId: order.id, domain: order.domain, kind: order.kind, amountCents: order.total_cents, currency: order.currency, refundId: refund.refundId, ...facts },
    at: now,
  });
  services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
  const contact = await findBillingContact(tx.db, order.account_id);
  const to = contact ? contact.billing_email || contact.owner_email : null;
  if (!to || !contact) {
    services.log.warn({ orderId: order.id }, 'refunded domain order has nobody to e-mail');
    return;
  }
  await services.mailer.send(tx, refundedMail({
    to, accountName: contact.name, domain: order.domain, kind: order.kind, amountCents: order.total_cents, currency: order.currency,
    reason: customerReason, publicUrl: services.config.PUBLIC_URL,
  }));
}

/** recordRefund for an order read in the caller's unit of work, after its move (the back office's cancel). */
export async function recordRefundOf(tx: Tx, services: Services, orderId: string, refund: OrderRefund, customerReason: string): Promise<void> {
  const order = await findOrder(tx.db, orderId);
  if (order) await recordRefund(tx, services, order, refund, customerReason);
}
