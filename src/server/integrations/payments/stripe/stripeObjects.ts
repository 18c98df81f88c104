import type Stripe from 'stripe';
import { CHECKOUT_STATUSES, INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from '../../../../common/billing/billing.ts';
import type {
  ProviderCheckoutSession, ProviderInvoice, ProviderPrice, ProviderProduct, ProviderSubscription,
} from '../events.ts';

/**
 * Stripe's objects as the SDK answers them, narrowed to the fields of events.ts. Expandable
 * fields arrive as an id or as the object depending on the request's `expand`, so each is
 * reduced to its id; decimals arrive as the SDK's Decimal from a retrieve and as text in a
 * webhook, so both become text.
 */
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const textOf = (value: { toString(): string } | string | null | undefined): string | null => (value == null ? null : String(value));

/**
 * The SDK types its enums as open (a newer API may add words); a word the portal does not know
 * is read as the one that grants nothing (an unknown subscription state never counts as active).
 */
function oneOf<const T extends string>(value: string | null | undefined, known: readonly T[], otherwise: T): T {
  return known.includes(value as T) ? value as T : otherwise;
}
const INTERVALS = ['day', 'week', 'month', 'year'] as const;

export function fromStripePrice(price: Stripe.Price): ProviderPrice {
  return {
    id: price.id,
    object: 'price',
    product: idOf(price.product)!,
    active: price.active,
    currency: price.currency,
    unit_amount: price.unit_amount,
    type: oneOf(price.type, ['one_time', 'recurring'], 'one_time'),
    recurring: price.recurring
      ? { interval: oneOf(price.recurring.interval, INTERVALS, 'month'), interval_count: price.recurring.interval_count }
      : null,
    created: price.created,
    metadata: price.metadata ?? {},
  };
}

export function fromStripeProduct(product: Stripe.Product): ProviderProduct {
  return {
    id: product.id,
    object: 'product',
    name: product.name,
    description: product.description,
    active: product.active,
    metadata: product.metadata ?? {},
    marketing_features: (product.marketing_features ?? []).map((f) => ({ name: f.name })),
    created: product.created,
    updated: product.updated,
  };
}

export function fromStripeCheckoutSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: session.id,
    object: 'checkout.session',
    // Setup mode is never requested by the portal.
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    status: oneOf(session.status, CHECKOUT_STATUSES, 'open'),
    payment_status: oneOf(session.payment_status, ['paid', 'unpaid', 'no_payment_required'], 'unpaid'),
    customer: idOf(session.customer),
    customer_details: session.customer_details
      ? { email: session.customer_details.email, name: session.customer_details.name }
      : null,
    subscription: idOf(session.subscription),
    invoice: idOf(session.invoice),
    payment_intent: idOf(session.payment_intent),
    client_reference_id: session.client_reference_id,
    metadata: session.metadata ?? {},
    amount_total: session.amount_total,
    currency: session.currency,
    url: session.url,
    created: session.created,
  };
}

export function fromStripeSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: idOf(subscription.customer)!,
    status: oneOf(subscription.status, SUBSCRIPTION_STATUSES, 'incomplete'),
    cancel_at_period_end: subscription.cancel_at_period_end,
    canceled_at: subscription.canceled_at,
    ended_at: subscription.ended_at,
    created: subscription.created,
    metadata: subscription.metadata ?? {},
    items: {
      data: subscription.items.data.map((item) => ({
        id: item.id,
        quantity: item.quantity ?? 1,
        current_period_start: item.current_period_start,
        current_period_end: item.current_period_end,
        price: fromStripePrice(item.price),
      })),
    },
  };
}

export function fromStripeInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const subscriptionDetails = invoice.parent?.subscription_details;
  return {
    id: invoice.id!,
    object: 'invoice',
    number: invoice.number,
    customer: idOf(invoice.customer)!,
    customer_email: invoice.customer_email,
    customer_name: invoice.customer_name,
    // Only a draft has no status yet.
    status: oneOf(invoice.status, INVOICE_STATUSES, 'draft'),
    currency: invoice.currency,
    subtotal: invoice.subtotal,
    total: invoice.total,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    attempt_count: invoice.attempt_count,
    created: invoice.created,
    period_start: invoice.period_start,
    period_end: invoice.period_end,
    status_transitions: { paid_at: invoice.status_transitions?.paid_at ?? null },
    parent: subscriptionDetails
      ? { type: 'subscription_details', subscription_details: { subscription: idOf(subscriptionDetails.subscription)!, metadata: subscriptionDetails.metadata } }
      : null,
    lines: {
      data: invoice.lines.data.map((line) => ({
        id: line.id,
        description: line.description,
        amount: line.amount,
        currency: line.currency,
        quantity: line.quantity,
        period: { start: line.period.start, end: line.period.end },
        pricing: line.pricing
          ? {
            type: 'price_details',
            ...(line.pricing.price_details
              ? { price_details: { price: idOf(line.pricing.price_details.price)!, product: line.pricing.price_details.product } }
              : {}),
            unit_amount_decimal: textOf(line.pricing.unit_amount_decimal),
          }
          : null,
      })),
    },
    metadata: invoice.metadata ?? {},
  };
}
