import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import {
  type CheckoutRequest, checkoutMetadata, type PriceInput, type ProductInput, type SavedMethodChargeRequest,
} from '../provider.ts';

/**
 * The portal's requests in Stripe's parameters. Kept apart from the calls so the shapes can be
 * read (and tested) in one place.
 */
export function checkoutSessionParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const metadata = checkoutMetadata(request);
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = 'providerPriceId' in request.line
    ? { price: request.line.providerPriceId, quantity: request.quantity }
    : {
      price_data: { currency: request.line.currency.toLowerCase(), unit_amount: request.line.unitAmount, product_data: { name: request.line.name } },
      quantity: request.quantity,
    };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: request.mode,
    line_items: [lineItem],
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    client_reference_id: request.accountId,
    metadata,
    ...(request.customerId ? { customer: request.customerId } : request.customerEmail ? { customer_email: request.customerEmail } : {}),
  };
  if (request.mode === 'subscription') {
    // The subscription carries the account, so its own events (renewals, cancellations) find it, and
    // our checkout's id, so its first payment finds what the customer gave at checkout (a hosting domain).
    params.subscription_data = { metadata: { accountId: request.accountId, checkoutSessionId: request.metadata.checkoutSessionId } };
  } else {
    // A one-off payment gets an invoice like a subscription's, and a customer the next checkout reuses.
    params.invoice_creation = { enabled: true, invoice_data: { metadata } };
    params.payment_intent_data = { metadata };
    if (!request.customerId) params.customer_creation = 'always';
  }
  return params;
}

function productMetadata(input: ProductInput, creating: boolean): Record<string, string> {
  // An empty value deletes a metadata key at Stripe: an update clears a removed category that way.
  const category = input.category ?? (creating ? undefined : '');
  const popular = input.popular ? 'true' : 'false';
  return category === undefined ? { popular } : { Category: category, popular };
}

export function productCreateParams(input: ProductInput): Stripe.ProductCreateParams {
  return {
    name: input.name,
    // Stripe refuses an empty description on create ("cannot be unset").
    ...(input.description ? { description: input.description } : {}),
    active: input.active,
    metadata: productMetadata(input, true),
    marketing_features: input.features.map((name) => ({ name })),
  };
}

export function productUpdateParams(input: ProductInput): Stripe.ProductUpdateParams {
  return {
    name: input.name,
    description: input.description,
    active: input.active,
    metadata: productMetadata(input, false),
    // An empty array would send nothing; '' is how Stripe is told to clear the list.
    marketing_features: input.features.length ? input.features.map((name) => ({ name })) : '',
  };
}

export function priceCreateParams(input: PriceInput): Stripe.PriceCreateParams {
  return {
    product: input.providerProductId,
    unit_amount: input.unitAmount,
    currency: input.currency.toLowerCase(),
    active: input.active,
    ...(input.interval ? { recurring: { interval: input.interval } } : {}),
  };
}

/**
 * An off-session charge, confirmed at once: no redirect-based method is allowed, since nobody is
 * there to follow one (it fails instead, and the customer is told).
 */
export function savedMethodChargeParams(request: SavedMethodChargeRequest, paymentMethodId: string): Stripe.PaymentIntentCreateParams {
  return {
    amount: request.amount,
    currency: request.currency.toLowerCase(),
    customer: request.customerId,
    payment_method: paymentMethodId,
    off_session: true,
    confirm: true,
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    description: request.description,
    metadata: { ...request.metadata },
  };
}

/**
 * An idempotency key from our own id and the request's content: a retry of the same save reuses
 * it (Stripe answers the first result), while a corrected save (Stripe keeps even a refusal
 * under its key) gets a new one instead of an idempotency error.
 */
export function creationKey(kind: string, localId: string, params: object): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
  return `${kind}:${localId}:${digest}`;
}
