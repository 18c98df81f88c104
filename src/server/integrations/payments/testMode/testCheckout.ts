import { CARD_DECLINED, CHECKOUT_ALREADY_PAID, TEST_SESSION_NOT_FOUND } from '../../../../common/testPayments/contract.ts';
import type { Tx } from '../../../db/transaction.ts';
import type { PaymentEvent } from '../events.ts';
import { PaymentProviderError } from '../provider.ts';
import { chargeable } from './testCards.ts';
import { checkoutEvent, emitTestEvents, invoiceEvent, subscriptionEvent, type TestModeDeps } from './testEvents.ts';
import { attemptTestInvoicePayment, issueTestInvoice } from './testInvoices.ts';
import {
  checkoutObject, lockTestObject, newTestCustomer, readTestObject, type TestCardOnFile, type TestCheckoutRecord,
  type TestCustomerRecord, type TestSubscriptionRecord, testId, writeTestObject,
} from './testObjects.ts';
import { addIntervals } from './testPeriods.ts';

/** Stripe's default: a checkout session not paid within a day expires. */
export const CHECKOUT_LIFETIME_SECONDS = 24 * 60 * 60;

/** Whether the session can still be shown and paid (or shows that it was paid). */
export function isLiveCheckout(session: TestCheckoutRecord, now: number): boolean {
  return session.status !== 'expired' && now - session.created < CHECKOUT_LIFETIME_SECONDS;
}

async function lockLiveCheckout(tx: Tx, sessionId: string, now: number): Promise<TestCheckoutRecord> {
  const session = await lockTestObject<TestCheckoutRecord>(tx.db, 'checkout_session', sessionId);
  if (!session || !isLiveCheckout(session, now)) throw new PaymentProviderError('not_found', TEST_SESSION_NOT_FOUND);
  if (session.status === 'complete') throw new PaymentProviderError('conflict', CHECKOUT_ALREADY_PAID);
  return session;
}

/**
 * Pays a checkout with a card, all in the caller's transaction, as Stripe completes one: the
 * customer (created unless the session reused one), in subscription mode the subscription for
 * its first period, the paid invoice, the completed session, and the events in Stripe's order.
 * A declined card throws before anything is written: no customer, no subscription, no invoice,
 * no event, and the session stays open for another card.
 */
export async function payTestCheckout(
  tx: Tx, deps: TestModeDeps, input: { sessionId: string; card: TestCardOnFile; cardholderName: string }, now: number,
): Promise<{ redirectUrl: string }> {
  const session = await lockLiveCheckout(tx, input.sessionId, now);
  if (!chargeable(input.card, new Date(now * 1000))) throw new PaymentProviderError('card_declined', CARD_DECLINED);

  const accountId = session.metadata.accountId;
  const existing = session.customer ? await readTestObject<TestCustomerRecord>(tx.db, 'customer', session.customer) : null;
  const customer = existing ?? newTestCustomer({
    id: session.customer ?? undefined, email: session.customer_details?.email ?? null, name: input.cardholderName, accountId, now,
  });
  customer.card = input.card;

  const { line } = session;
  let subscription: TestSubscriptionRecord | null = null;
  if (session.mode === 'subscription') {
    const periodEnd = addIntervals(now, line.interval!, 1);
    subscription = {
      id: testId('sub'), object: 'subscription', customer: customer.id, status: 'active', cancel_at_period_end: false, canceled_at: null,
      ended_at: null, created: now, metadata: subscriptionMetadata(session.metadata), billing_cycle_anchor: now, latest_invoice: null, productName: line.description,
      items: { data: [{
        id: testId('si'), quantity: session.quantity, current_period_start: now, current_period_end: periodEnd,
        price: {
          id: line.providerPriceId!, object: 'price', product: line.productId!, active: true, currency: line.currency.toLowerCase(),
          unit_amount: line.unitAmount, type: 'recurring', recurring: { interval: line.interval!, interval_count: 1 }, created: session.created, metadata: {},
        },
      }] },
    };
    customer.subscriptionIds.push(subscription.id);
  }
  const servicePeriod = subscription ? { start: now, end: subscription.items.data[0].current_period_end } : { start: now, end: now };
  const finalized = issueTestInvoice({
    customer, subscription, now, period: { start: now, end: now },
    line: { ...line, quantity: session.quantity, period: servicePeriod },
    // A one-off payment's invoice carries the checkout's metadata (invoice_creation.invoice_data at Stripe).
    metadata: subscription ? {} : session.metadata,
    billingReason: subscription ? 'subscription_create' : 'manual',
  });
  const invoice = attemptTestInvoicePayment(finalized, true, now);
  if (subscription) subscription.latest_invoice = invoice.id;
  const completed: TestCheckoutRecord = {
    ...session, status: 'complete', payment_status: 'paid', customer: customer.id,
    customer_details: { email: customer.email, name: customer.name }, subscription: subscription?.id ?? null, invoice: invoice.id,
    payment_intent: subscription ? null : testId('pi'),
  };

  await writeTestObject(tx.db, 'customer', customer.id, customer);
  if (subscription) await writeTestObject(tx.db, 'subscription', subscription.id, subscription);
  await writeTestObject(tx.db, 'invoice', invoice.id, invoice);
  await writeTestObject(tx.db, 'checkout_session', completed.id, completed);
  const events: PaymentEvent[] = [
    ...(subscription ? [subscriptionEvent('customer.subscription.created', subscription, now)] : []),
    invoiceEvent('invoice.finalized', finalized, now),
    invoiceEvent('invoice.paid', invoice, now),
    checkoutEvent('checkout.session.completed', checkoutObject(completed), now),
  ];
  await emitTestEvents(tx, deps, events);
  return { redirectUrl: completed.successUrl };
}

/** What Stripe copies from subscription_data.metadata: the account and our checkout's id (stripeParams.ts). */
function subscriptionMetadata(metadata: Record<string, string>): Record<string, string> {
  const { accountId, checkoutSessionId } = metadata;
  return checkoutSessionId ? { accountId, checkoutSessionId } : { accountId };
}

/** The customer left the checkout: the session expires, as Stripe's does when told to. */
export async function cancelTestCheckout(tx: Tx, deps: TestModeDeps, sessionId: string, now: number): Promise<{ redirectUrl: string }> {
  const session = await lockLiveCheckout(tx, sessionId, now);
  await expire(tx, deps, session, now);
  return { redirectUrl: session.cancelUrl };
}

/** The merchant closes a session (Stripe's expire): an open one can no longer be paid; a finished one stays as it is. */
export async function expireTestCheckout(tx: Tx, deps: TestModeDeps, sessionId: string, now: number): Promise<TestCheckoutRecord | null> {
  const session = await lockTestObject<TestCheckoutRecord>(tx.db, 'checkout_session', sessionId);
  if (!session || session.status !== 'open') return session ?? null;
  await expire(tx, deps, session, now);
  return { ...session, status: 'expired' };
}

/** A session left open past its lifetime expires (the hourly job), with Stripe's event. */
export async function expireStaleTestCheckout(tx: Tx, deps: TestModeDeps, sessionId: string, now: number): Promise<boolean> {
  const session = await lockTestObject<TestCheckoutRecord>(tx.db, 'checkout_session', sessionId);
  if (!session || session.status !== 'open' || isLiveCheckout(session, now)) return false;
  await expire(tx, deps, session, now);
  return true;
}

async function expire(tx: Tx, deps: TestModeDeps, session: TestCheckoutRecord, now: number) {
  const expired: TestCheckoutRecord = { ...session, status: 'expired' };
  await writeTestObject(tx.db, 'checkout_session', expired.id, expired);
  await emitTestEvents(tx, deps, [checkoutEvent('checkout.session.expired', checkoutObject(expired), now)]);
}
