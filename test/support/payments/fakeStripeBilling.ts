import { type FakeStripe, newId } from './fakeStripe.ts';

/**
 * What Stripe does on its own side of a subscription, at the fake: a customer pays on the hosted
 * Checkout page, a renewal is charged or declined, a declined invoice is paid later. The objects
 * stay at the fake (the adapter's re-reads find them) in the shapes of API 2026-10-28, so the
 * webhooks a test builds from them carry the same ids and the same facts as Stripe's would.
 * Times are Unix seconds, chosen by the test.
 */

type Interval = 'day' | 'week' | 'month' | 'year';

/** A period's end: the same day of the next month or year (the month's last day when it has no such day), as Stripe bills. */
export function periodEndAfter(start: number, interval: Interval): number {
  if (interval === 'day' || interval === 'week') return start + (interval === 'day' ? 1 : 7) * 86_400;
  const from = new Date(start * 1000);
  const months = interval === 'month' ? 1 : 12;
  const firstOfTarget = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds());
  const target = new Date(firstOfTarget);
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), daysInTarget));
  return Math.floor(target.getTime() / 1000);
}

const money = (cents: number, currency: string) =>
  (currency === 'usd' ? `$${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`);

/**
 * The customer paid a subscription-mode session: Stripe makes the customer (unless the session
 * named one), the subscription (its metadata from `subscription_data`), its first invoice, paid,
 * and completes the session.
 */
export function payCheckout(fake: FakeStripe, sessionId: string, at: number) {
  const session = fake.get(sessionId);
  const params = fake.checkoutParams(sessionId);
  if (!session || !params) throw new Error(`the fake holds no checkout session ${sessionId}`);
  if (session.mode !== 'subscription' || session.status !== 'open') throw new Error(`session ${sessionId} is not an open subscription checkout`);
  const customer = session.customer ? fake.get(session.customer) : fake.addCustomer(session.customer_email ?? undefined);
  const [item] = params.line_items as { price: string; quantity?: string }[];
  const price = fake.get(item.price);
  const subscription = fake.put({
    id: newId('sub'), object: 'subscription', customer: customer.id, status: 'active', cancel_at_period_end: false, cancel_at: null,
    canceled_at: null, ended_at: null, created: at, start_date: at, billing_cycle_anchor: at, collection_method: 'charge_automatically',
    currency: price.currency, livemode: false, metadata: { ...(params.subscription_data?.metadata ?? {}) }, latest_invoice: null as string | null,
    items: {
      object: 'list', has_more: false,
      data: [{
        id: newId('si'), object: 'subscription_item', quantity: Number(item.quantity ?? 1),
        current_period_start: at, current_period_end: periodEndAfter(at, price.recurring.interval), price: { ...price },
      }],
    },
  });
  // A first invoice's own period is the moment of issue; its line carries the period of service.
  const invoice = issueInvoice(fake, subscription, { billingReason: 'subscription_create', at, period: { start: at, end: at }, paid: true });
  Object.assign(session, {
    status: 'complete', payment_status: 'paid', customer: customer.id, customer_details: { email: customer.email, name: null },
    subscription: subscription.id, invoice: invoice.id,
  });
  return { session, customer, subscription, invoice };
}

/**
 * The period ended: Stripe starts the next one and charges the card on file. Declined, the
 * invoice stays open after one attempt and the subscription is past due.
 */
export function renewSubscription(fake: FakeStripe, subscriptionId: string, options: { paid: boolean }) {
  const subscription = fake.get(subscriptionId);
  const item = subscription.items.data[0];
  const ended = { start: item.current_period_start, end: item.current_period_end };
  item.current_period_start = ended.end;
  item.current_period_end = periodEndAfter(ended.end, item.price.recurring.interval);
  // A renewal invoice's own period looks back on the period that ended (Stripe's rule); its line is the new one.
  const invoice = issueInvoice(fake, subscription, { billingReason: 'subscription_cycle', at: ended.end, period: ended, paid: options.paid });
  if (!options.paid) subscription.status = 'past_due';
  return { subscription, invoice };
}

/** An open invoice is paid (the customer updated the card, Stripe retried); a past-due subscription is active again. */
export function payInvoice(fake: FakeStripe, invoiceId: string, at: number) {
  const invoice = fake.get(invoiceId);
  Object.assign(invoice, {
    status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, attempt_count: invoice.attempt_count + 1,
    status_transitions: { ...invoice.status_transitions, paid_at: at },
  });
  const subscription = fake.get(invoice.parent?.subscription_details?.subscription);
  if (subscription?.status === 'past_due') subscription.status = 'active';
  return { invoice, subscription };
}

function issueInvoice(fake: FakeStripe, subscription: any, o: {
  billingReason: 'subscription_create' | 'subscription_cycle'; at: number; period: { start: number; end: number }; paid: boolean;
}) {
  const customer = fake.get(subscription.customer);
  const item = subscription.items.data[0];
  const product = fake.get(item.price.product);
  const unit: number = item.price.unit_amount;
  const amount = unit * item.quantity;
  const currency: string = item.price.currency;
  const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
  customer.next_invoice_sequence += 1;
  const invoice = fake.put({
    id: newId('in'), object: 'invoice', number, customer: customer.id, customer_email: customer.email, customer_name: customer.name,
    billing_reason: o.billingReason, collection_method: 'charge_automatically', status: o.paid ? 'paid' : 'open', currency,
    subtotal: amount, total: amount, amount_due: amount, amount_paid: o.paid ? amount : 0, amount_remaining: o.paid ? 0 : amount,
    attempt_count: 1, attempted: true, created: o.at, period_start: o.period.start, period_end: o.period.end,
    status_transitions: { finalized_at: o.at, paid_at: o.paid ? o.at : null, marked_uncollectible_at: null, voided_at: null },
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
    lines: {
      object: 'list', has_more: false,
      data: [{
        id: newId('il'), object: 'line_item', description: `${item.quantity} × ${product.name} (at ${money(unit, currency)} / ${item.price.recurring.interval})`,
        amount, currency, quantity: item.quantity, period: { start: item.current_period_start, end: item.current_period_end },
        pricing: { type: 'price_details', price_details: { price: item.price.id, product: product.id }, unit_amount_decimal: String(unit) },
      }],
    },
    metadata: {}, livemode: false,
  });
  subscription.latest_invoice = invoice.id;
  return invoice;
}
