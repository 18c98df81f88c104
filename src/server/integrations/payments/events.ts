import type { CheckoutMode, CheckoutStatus, InvoiceStatus, SubscriptionStatus } from '../../../common/billing/billing.ts';

/**
 * The payment provider's objects and events, in Stripe's shapes (API version 2026-10-28.endive,
 * the one the `stripe` SDK pins): only the fields the portal reads. The test-mode provider emits
 * exactly these shapes, so both providers go through the same event handlers.
 *
 * Stripe's conventions to keep in mind: amounts in the smallest unit (cents); currencies in
 * lower case ('usd'; the portal stores them upper-cased); times in Unix seconds; ids with
 * prefixes (cus_, cs_, sub_, in_, prod_, price_, evt_).
 */

export interface ProviderPrice {
  id: string;
  object: 'price';
  product: string;
  active: boolean;
  currency: string;
  unit_amount: number | null;
  type: 'one_time' | 'recurring';
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null;
  created: number;
  metadata: Record<string, string>;
}

export interface ProviderProduct {
  id: string;
  object: 'product';
  name: string;
  description: string | null;
  active: boolean;
  /** The spec's metadata: Category, and popular = 'true'. */
  metadata: Record<string, string>;
  marketing_features: { name?: string }[];
  created: number;
  updated: number;
}

export interface ProviderCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: CheckoutMode;
  status: CheckoutStatus;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  subscription: string | null;
  invoice: string | null;
  payment_intent: string | null;
  /** The account id. */
  client_reference_id: string | null;
  /** accountId, checkoutSessionId (ours), userId, purpose, reference. */
  metadata: Record<string, string>;
  amount_total: number | null;
  currency: string | null;
  url: string | null;
  created: number;
}

export interface ProviderSubscriptionItem {
  id: string;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  price: ProviderPrice;
}

export interface ProviderSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  /** accountId, copied from the checkout (subscription_data.metadata). */
  metadata: Record<string, string>;
  items: { data: ProviderSubscriptionItem[] };
}

export interface ProviderInvoiceLine {
  id: string;
  description: string | null;
  amount: number;
  currency: string;
  quantity: number | null;
  period: { start: number; end: number };
  pricing: { type: 'price_details'; price_details?: { price: string; product: string }; unit_amount_decimal: string | null } | null;
}

export interface ProviderInvoice {
  id: string;
  object: 'invoice';
  number: string | null;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  status: InvoiceStatus;
  currency: string;
  subtotal: number;
  total: number;
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  created: number;
  period_start: number;
  period_end: number;
  status_transitions: { paid_at: number | null };
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> | null } | null } | null;
  lines: { data: ProviderInvoiceLine[] };
  metadata: Record<string, string>;
}

export interface ProviderCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}

interface EventOf<T extends string, O> {
  id: string;
  object: 'event';
  type: T;
  /** Unix seconds: when the provider made the change (orders events that arrive out of order). */
  created: number;
  data: { object: O; previous_attributes?: Record<string, unknown> };
}

/** The events the portal acts on; anything else is acknowledged and ignored. */
export type PaymentEvent =
  | EventOf<'checkout.session.completed' | 'checkout.session.expired', ProviderCheckoutSession>
  | EventOf<'invoice.paid' | 'invoice.payment_failed' | 'invoice.finalized' | 'invoice.voided', ProviderInvoice>
  | EventOf<'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted', ProviderSubscription>
  | EventOf<'product.created' | 'product.updated' | 'product.deleted', ProviderProduct>
  | EventOf<'price.created' | 'price.updated' | 'price.deleted', ProviderPrice>;

export type PaymentEventType = PaymentEvent['type'];

/** Every type the portal handles: the events to select when registering the Stripe webhook. */
export const HANDLED_PAYMENT_EVENTS: readonly PaymentEventType[] = [
  'checkout.session.completed', 'checkout.session.expired',
  'invoice.paid', 'invoice.payment_failed', 'invoice.finalized', 'invoice.voided',
  'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted',
  'product.created', 'product.updated', 'product.deleted',
  'price.created', 'price.updated', 'price.deleted',
];
