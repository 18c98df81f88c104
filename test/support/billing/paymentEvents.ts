import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { InvoiceStatus, SubscriptionStatus } from '../../../src/common/billing/billing.ts';
import type { Database } from '../../../src/server/db/schema.ts';
import type { PaymentEventOf } from '../../../src/server/features/billing/paymentEvents.ts';
import type {
  PaymentEvent, ProviderCheckoutSession, ProviderInvoice, ProviderSubscription,
} from '../../../src/server/integrations/payments/events.ts';

/**
 * Tests only: provider objects and events in Stripe's shapes (API 2026-10-28), as Stripe's
 * webhooks and the test-mode provider deliver them, and invoices stored as rows.
 */

export const providerId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const DAY = 86_400;

type EventType = PaymentEvent['type'];

export function eventOf<T extends EventType>(type: T, object: PaymentEventOf<T>['data']['object'], created: number): PaymentEventOf<T> {
  return { id: providerId('evt'), object: 'event', type, created, data: { object } } as PaymentEventOf<T>;
}

export function checkoutSession(o: {
  id: string; accountId: string; checkoutSessionId: string; customer: string | null; subscription?: string | null;
  mode?: 'subscription' | 'payment'; paymentStatus?: ProviderCheckoutSession['payment_status']; created: number;
}): ProviderCheckoutSession {
  return {
    id: o.id, object: 'checkout.session', mode: o.mode ?? 'subscription', status: 'complete', payment_status: o.paymentStatus ?? 'paid',
    customer: o.customer, customer_details: { email: null, name: null }, subscription: o.subscription ?? null, invoice: null,
    payment_intent: null, client_reference_id: o.accountId,
    metadata: { accountId: o.accountId, checkoutSessionId: o.checkoutSessionId, userId: 'user', purpose: o.mode === 'payment' ? 'payment' : 'subscription' },
    amount_total: 999, currency: 'usd', url: null, created: o.created,
  };
}

export function subscription(o: {
  id: string; customer: string; accountId?: string; priceId: string; productId?: string; status?: SubscriptionStatus; unitAmount?: number;
  interval?: 'month' | 'year'; periodStart: number; cancelAtPeriodEnd?: boolean; canceledAt?: number | null;
}): ProviderSubscription {
  const interval = o.interval ?? 'month';
  return {
    id: o.id, object: 'subscription', customer: o.customer, status: o.status ?? 'active', cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    canceled_at: o.canceledAt ?? null, ended_at: null, created: o.periodStart, metadata: o.accountId ? { accountId: o.accountId } : {},
    items: {
      data: [{
        id: providerId('si'), quantity: 1, current_period_start: o.periodStart,
        current_period_end: o.periodStart + (interval === 'month' ? 30 : 365) * DAY,
        price: {
          id: o.priceId, object: 'price', product: o.productId ?? providerId('prod'), active: true, currency: 'usd', unit_amount: o.unitAmount ?? 999,
          type: 'recurring', recurring: { interval, interval_count: 1 }, created: o.periodStart, metadata: {},
        },
      }],
    },
  };
}

export function invoice(o: {
  id: string; customer: string; subscription?: string | null; accountId?: string; status: InvoiceStatus; number?: string;
  subtotal?: number; total?: number; created: number; periodStart: number; periodEnd: number; priceId?: string;
  lines?: { description: string; amount: number; quantity?: number }[];
}): ProviderInvoice {
  const subtotal = o.subtotal ?? 999;
  const lines = o.lines ?? [{ description: '1 × Plan (at $9.99 / month)', amount: subtotal }];
  return {
    id: o.id, object: 'invoice', number: o.number ?? `INV-${o.id.slice(-6).toUpperCase()}`, customer: o.customer, customer_email: null, customer_name: null,
    status: o.status, currency: 'usd', subtotal, total: o.total ?? subtotal, amount_due: o.total ?? subtotal,
    amount_paid: o.status === 'paid' ? o.total ?? subtotal : 0, attempt_count: 1, created: o.created,
    // Stripe's subscription invoices carry an empty period of their own; the line has the real one.
    period_start: o.created, period_end: o.created,
    status_transitions: { paid_at: o.status === 'paid' ? o.created : null },
    parent: o.subscription
      ? { type: 'subscription_details', subscription_details: { subscription: o.subscription, metadata: o.accountId ? { accountId: o.accountId } : null } }
      : null,
    lines: {
      data: lines.map((line) => ({
        id: providerId('il'), description: line.description, amount: line.amount, currency: 'usd', quantity: line.quantity ?? 1,
        period: { start: o.periodStart, end: o.periodEnd },
        pricing: o.priceId
          ? { type: 'price_details', price_details: { price: o.priceId, product: 'prod' }, unit_amount_decimal: String(line.amount / (line.quantity ?? 1)) }
          : null,
      })),
    },
    metadata: {},
  };
}

/** An invoice row as the handlers leave one, for reads that need no provider story. */
export async function storedInvoice(db: Kysely<Database>, accountId: string, o: {
  invoiceDate?: string; amountCents?: number; number?: string; status?: InvoiceStatus; billingName?: string;
  lines?: { description: string; amountCents: number; quantity?: number }[];
} = {}): Promise<string> {
  const id = randomUUID();
  const amount = o.amountCents ?? 1_999;
  await db.insertInto('invoices').values({
    id, account_id: accountId, invoice_date: o.invoiceDate ?? new Date().toISOString(), amount_cents: amount, currency: 'USD',
    status: o.status ?? 'paid', number: o.number ?? `INV-${id.slice(0, 8).toUpperCase()}`, provider_invoice_id: providerId('in'),
    subtotal_cents: amount, tax_cents: 0, period_start: '2026-01-01T00:00:00.000Z', period_end: '2026-02-01T00:00:00.000Z',
    billing_name: o.billingName ?? 'Billing Contact', billing_email: 'billing@example.test', billing_address: '1 Main Street\nSpringfield',
    tax_id: 'VAT-1', paid_at: o.status === 'paid' || !o.status ? '2026-01-01T00:00:00.000Z' : null, provider_updated: 1,
  }).execute();
  const lines = o.lines ?? [{ description: 'Hosting plan', amountCents: amount }];
  if (lines.length) {
    await db.insertInto('invoice_lines').values(lines.map((line, position) => ({
      id: randomUUID(), invoice_id: id, position, description: line.description, quantity: line.quantity ?? 1,
      unit_amount_cents: Math.round(line.amountCents / (line.quantity ?? 1)), amount_cents: line.amountCents,
      period_start: '2026-01-01T00:00:00.000Z', period_end: '2026-02-01T00:00:00.000Z',
    }))).execute();
  }
  return id;
}
