import { liveTopics } from '../../../../common/live.ts';
import { findBillingAccount } from '../../../access/accountBilling.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import { NO_SAVED_PAYMENT_METHOD } from '../../../integrations/payments/provider.ts';
import type { Services } from '../../../rpc/context.ts';
import { billingContactOf, renewalFailedMail } from './mails.ts';
import { renewedDomainWithContact } from './repository.ts';
import { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE, type FulfilOrderJob } from '../orders/queues.ts';
import { type OrderRow, transitionOrder } from '../orders/repository.ts';

export type RenewalCharge =
  | { status: 'paid'; method: 'saved_method' | 'test'; reference: string | null }
  | { status: 'failed'; reason: string };

export const renewalIdempotencyKey = (orderId: string) => `domain-renewal:${orderId}`;

/**
 * Pays an automatic renewal order. Test mode records it as paid without a charge; Stripe
 * charges the account's saved payment method off-session. A provider fault (unreachable,
 * misconfigured) throws and leaves the order awaiting its charge for the next attempt.
 */
export async function chargeRenewal(services: Services, order: OrderRow): Promise<RenewalCharge> {
  if (services.payments.mode === 'test') return { status: 'paid', method: 'test', reference: null };
  const customerId = (await findBillingAccount(services.db, order.account_id))?.stripe_customer_id ?? null;
  // The account never paid through the provider: there is nothing saved to charge.
  if (!customerId) return { status: 'failed', reason: NO_SAVED_PAYMENT_METHOD };
  const charge = await services.payments.chargeSavedPaymentMethod({
    customerId,
    amount: order.total_cents,
    currency: order.currency,
    description: `Renewal of ${order.domain}, ${order.years === 1 ? '1 year' : `${order.years} years`}`,
    metadata: { accountId: order.account_id, purpose: 'domain_order', reference: order.id },
    idempotencyKey: renewalIdempotencyKey(order.id),
  });
  return charge.status === 'succeeded'
    ? { status: 'paid', method: 'saved_method', reference: charge.paymentId }
    : { status: 'failed', reason: charge.reason };
}

/**
 * Writes a charge's outcome, only while the order still awaits payment (a concurrent run that
 * wrote it first wins, and this one changes nothing). Paid: the order goes to processing and
 * its fulfilment job is queued in the same transaction. Failed: the billing contact is told
 * the domain will expire unless renewed. Answers whether this call wrote it.
 */
export async function recordRenewalCharge(services: Services, order: OrderRow, charge: RenewalCharge, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  return inTransaction(services.db, async (tx) => {
    const orderFacts = { orderId: order.id, domain: order.domain, kind: order.kind, automatic: true };
    if (charge.status === 'paid') {
      const moved = await transitionOrder(tx.db, order.id, 'processing', {
        payment_status: 'paid', paid_at: nowIso, payment_reference: charge.reference, payment_method: charge.method, updated_at: nowIso,
      }, 'pending_payment');
      if (!moved) return false;
      await services.jobs.send<FulfilOrderJob>(FULFIL_ORDER_QUEUE, { orderId: order.id }, { tx, singletonKey: order.id, ...FULFIL_ORDER_JOB_OPTIONS });
      await recordEvent(tx, {
        type: 'order.domain.paid', accountId: order.account_id,
        payload: { ...orderFacts, totalCents: order.total_cents, currency: order.currency, paymentMethod: charge.method, paymentReference: charge.reference },
        at: nowIso,
      });
    } else {
      const error = `Automatic renewal failed: ${charge.reason}`;
      const moved = await transitionOrder(tx.db, order.id, 'failed', { payment_status: 'failed', error, updated_at: nowIso }, 'pending_payment');
      if (!moved) return false;
      await recordEvent(tx, { type: 'order.domain.failed', accountId: order.account_id, severity: 'warning', payload: { ...orderFacts, reason: error }, at: nowIso });
      const domain = order.domain_id ? await renewedDomainWithContact(tx.db, order.domain_id) : undefined;
      if (domain?.expiration_date) {
        await services.mailer.send(tx, renewalFailedMail({
          to: billingContactOf(domain), domain: domain.name, accountName: domain.account_name, expiresAt: domain.expiration_date!,
          reason: charge.reason, publicUrl: services.config.PUBLIC_URL,
        }));
      }
    }
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    return true;
  }, services.log);
}
