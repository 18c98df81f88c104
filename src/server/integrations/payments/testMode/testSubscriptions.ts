import {
  RENEWAL_NEEDS_RESUME, SUBSCRIPTION_ENDED, TEST_SUBSCRIPTION_NOT_FOUND,
} from '../../../../common/testPayments/contract.ts';
import type { Tx } from '../../../db/transaction.ts';
import type { PaymentEvent } from '../events.ts';
import { PaymentProviderError } from '../provider.ts';
import { chargeable } from './testCards.ts';
import { emitTestEvents, invoiceEvent, subscriptionEvent, type TestModeDeps } from './testEvents.ts';
import { attemptTestInvoicePayment, issueTestInvoice } from './testInvoices.ts';
import {
  lockTestObject, readTestObject, type TestCustomerRecord, type TestInvoiceRecord, type TestSubscriptionRecord, writeTestObject,
} from './testObjects.ts';
import { periodEndAfter } from './testPeriods.ts';

/** A subscription of this customer, locked for a change; another customer's is as unknown as a made-up id. */
export async function lockCustomerSubscription(tx: Tx, customerId: string, subscriptionId: string): Promise<TestSubscriptionRecord> {
  const subscription = await lockTestObject<TestSubscriptionRecord>(tx.db, 'subscription', subscriptionId);
  if (!subscription || subscription.customer !== customerId) throw new PaymentProviderError('not_found', TEST_SUBSCRIPTION_NOT_FOUND);
  return subscription;
}

/** Cancels at the period's end, or resumes; answers whether anything changed. */
export async function setTestCancelAtPeriodEnd(
  tx: Tx, deps: TestModeDeps, input: { customerId: string; subscriptionId: string; cancelAtPeriodEnd: boolean }, now: number,
): Promise<boolean> {
  const subscription = await lockCustomerSubscription(tx, input.customerId, input.subscriptionId);
  if (subscription.status === 'canceled') throw new PaymentProviderError('conflict', SUBSCRIPTION_ENDED);
  if (subscription.cancel_at_period_end === input.cancelAtPeriodEnd) return false;
  const previous = { cancel_at_period_end: subscription.cancel_at_period_end, canceled_at: subscription.canceled_at };
  const updated: TestSubscriptionRecord = { ...subscription, cancel_at_period_end: input.cancelAtPeriodEnd, canceled_at: input.cancelAtPeriodEnd ? now : null };
  await writeTestObject(tx.db, 'subscription', updated.id, updated);
  await emitTestEvents(tx, deps, [subscriptionEvent('customer.subscription.updated', updated, now, previous)]);
  return true;
}

/**
 * Runs the subscription's next renewal now, charging the card on file. A past-due subscription
 * first retries its open invoice, as Stripe's retries do; otherwise the next period is invoiced
 * and started: paid, or left open with the subscription past due.
 */
export async function renewTestSubscriptionNow(
  tx: Tx, deps: TestModeDeps, input: { customerId: string; subscriptionId: string }, now: number,
): Promise<'paid' | 'failed'> {
  const subscription = await lockCustomerSubscription(tx, input.customerId, input.subscriptionId);
  if (subscription.status === 'canceled') throw new PaymentProviderError('conflict', SUBSCRIPTION_ENDED);
  if (subscription.cancel_at_period_end) throw new PaymentProviderError('conflict', RENEWAL_NEEDS_RESUME);
  return chargeTestRenewal(tx, deps, subscription, now);
}

export async function chargeTestRenewal(tx: Tx, deps: TestModeDeps, subscription: TestSubscriptionRecord, now: number): Promise<'paid' | 'failed'> {
  const customer = await readTestObject<TestCustomerRecord>(tx.db, 'customer', subscription.customer);
  if (!customer) throw new Error(`test mode: subscription ${subscription.id} has no customer ${subscription.customer}`);
  const paid = chargeable(customer.card, new Date(now * 1000));
  const openInvoice = subscription.status === 'past_due' && subscription.latest_invoice
    ? await readTestObject<TestInvoiceRecord>(tx.db, 'invoice', subscription.latest_invoice)
    : null;
  const events = openInvoice?.status === 'open'
    ? await retryOpenInvoice(tx, subscription, openInvoice, paid, now)
    : await invoiceNextPeriod(tx, subscription, customer, paid, now);
  await emitTestEvents(tx, deps, events);
  return paid ? 'paid' : 'failed';
}

async function invoiceNextPeriod(
  tx: Tx, subscription: TestSubscriptionRecord, customer: TestCustomerRecord, paid: boolean, now: number,
): Promise<PaymentEvent[]> {
  const [item] = subscription.items.data;
  const price = item.price;
  const start = item.current_period_end;
  const end = periodEndAfter(subscription.billing_cycle_anchor, price.recurring!.interval as 'month' | 'year', start);
  const finalized = issueTestInvoice({
    customer, now, subscription, metadata: {}, billingReason: 'subscription_cycle',
    period: { start: item.current_period_start, end: item.current_period_end },
    line: {
      description: subscription.productName, unitAmount: price.unit_amount ?? 0, quantity: item.quantity, currency: price.currency,
      period: { start, end }, providerPriceId: price.id, productId: price.product,
    },
  });
  const invoice = attemptTestInvoicePayment(finalized, paid, now);
  const previous = { status: subscription.status, items: { data: [{ ...item }] }, latest_invoice: subscription.latest_invoice };
  const renewed: TestSubscriptionRecord = {
    ...subscription, status: paid ? 'active' : 'past_due', latest_invoice: invoice.id,
    items: { data: [{ ...item, current_period_start: start, current_period_end: end }] },
  };
  await writeTestObject(tx.db, 'customer', customer.id, customer);
  await writeTestObject(tx.db, 'invoice', invoice.id, invoice);
  await writeTestObject(tx.db, 'subscription', renewed.id, renewed);
  return [
    invoiceEvent('invoice.finalized', finalized, now),
    invoiceEvent(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, now),
    subscriptionEvent('customer.subscription.updated', renewed, now, previous),
  ];
}

async function retryOpenInvoice(
  tx: Tx, subscription: TestSubscriptionRecord, open: TestInvoiceRecord, paid: boolean, now: number,
): Promise<PaymentEvent[]> {
  const invoice = attemptTestInvoicePayment(open, paid, now);
  await writeTestObject(tx.db, 'invoice', invoice.id, invoice);
  if (!paid) return [invoiceEvent('invoice.payment_failed', invoice, now)];
  const recovered: TestSubscriptionRecord = { ...subscription, status: 'active' };
  await writeTestObject(tx.db, 'subscription', recovered.id, recovered);
  return [
    invoiceEvent('invoice.paid', invoice, now),
    subscriptionEvent('customer.subscription.updated', recovered, now, { status: subscription.status }),
  ];
}

/** The subscription ends at its period's end (cancelled, or never recovered from a failed renewal). */
export async function endTestSubscription(tx: Tx, deps: TestModeDeps, subscription: TestSubscriptionRecord, now: number): Promise<void> {
  const [item] = subscription.items.data;
  const ended: TestSubscriptionRecord = {
    ...subscription, status: 'canceled', ended_at: item.current_period_end, canceled_at: subscription.canceled_at ?? now,
  };
  await writeTestObject(tx.db, 'subscription', ended.id, ended);
  await emitTestEvents(tx, deps, [subscriptionEvent('customer.subscription.deleted', ended, now)]);
}
