import Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import { containsNul } from '../../../http/jsonBody.ts';
import type { PaymentEvent, ProviderPrice, ProviderProduct } from '../events.ts';
import {
  NO_SAVED_PAYMENT_METHOD, PAYMENT_NEEDS_CARDHOLDER, type PaymentProvider, PaymentProviderError, type RefundRequest, type SavedMethodChargeRequest,
  WEBHOOK_NOT_AN_EVENT, WEBHOOK_SIGNATURE_INVALID, WebhookSignatureError,
} from '../provider.ts';
import { callStripe, toProviderError } from './stripeErrors.ts';
import {
  fromStripeCheckoutSession, fromStripeInvoice, fromStripePrice, fromStripeProduct, fromStripeSubscription,
} from './stripeObjects.ts';
import {
  checkoutSessionParams, creationKey, priceCreateParams, productCreateParams, productUpdateParams, savedMethodChargeParams,
} from './stripeParams.ts';

/** Stripe's own default: a delivery signed longer ago than this is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const PAGE_SIZE = 100;
// Wall time, not Services.clock: it is compared with Stripe's own timestamps.
const epochNow = () => Math.floor(Date.now() / 1000);
/**
 * How far back a charge looks for an earlier successful one of the same reference. Stripe keeps
 * an idempotency key for 24 hours only; a charge retried later than that (the daily job's next
 * run after a crash) must still not charge twice. Retries come within days, not months.
 */
const EARLIER_CHARGE_LOOKBACK_SECONDS = 31 * 86_400;

/** The SDK, pointed at STRIPE_API_BASE when set (tests' local fake), else at Stripe. */
export function createStripeClient(config: Config): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    // Every POST carries an idempotency key (ours or the SDK's), so a retried request is safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'provider-portal' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/** The portal's PaymentProvider over the official SDK (its pinned API version, its types). */
export function createStripePaymentProvider(config: Config): PaymentProvider {
  const stripe = createStripeClient(config);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET!;

  return {
    mode: 'stripe',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,

    async createCheckoutSession(request) {
      const session = await callStripe(() => stripe.checkout.sessions.create(
        checkoutSessionParams(request), { idempotencyKey: request.idempotencyKey },
      ));
      return { id: session.id, url: session.url! };
    },

    async createPortalSession(request) {
      const session = await callStripe(() => stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl }));
      return { url: session.url };
    },

    async retrieveCheckoutSession(id) {
      return fromStripeCheckoutSession(await callStripe(() => stripe.checkout.sessions.retrieve(id)));
    },
    async expireCheckoutSession(id) {
      const before = fromStripeCheckoutSession(await callStripe(() => stripe.checkout.sessions.retrieve(id)));
      if (before.status !== 'open') return before;
      try {
        return fromStripeCheckoutSession(await callStripe(() => stripe.checkout.sessions.expire(id)));
      } catch (error) {
        // Stripe refuses to expire a session that completed meanwhile, and a time-out says nothing: the session's state decides.
        const after = fromStripeCheckoutSession(await callStripe(() => stripe.checkout.sessions.retrieve(id)));
        if (after.status !== 'open') return after;
        throw error;
      }
    },
    async retrieveSubscription(id) {
      return fromStripeSubscription(await callStripe(() => stripe.subscriptions.retrieve(id, { expand: ['items.data.price'] })));
    },
    async retrieveInvoice(id) {
      return fromStripeInvoice(await callStripe(() => stripe.invoices.retrieve(id)));
    },

    async listCatalog(onListed) {
      // No `active` filter: an operator's sync must also see what was deactivated at Stripe.
      return callStripe(async () => {
        const products: ProviderProduct[] = [];
        for await (const product of stripe.products.list({ limit: PAGE_SIZE })) {
          products.push(fromStripeProduct(product));
          onListed?.(products.length);
        }
        const prices: ProviderPrice[] = [];
        for await (const price of stripe.prices.list({ limit: PAGE_SIZE })) {
          prices.push(fromStripePrice(price));
          onListed?.(products.length + prices.length);
        }
        return { products, prices };
      });
    },

    async saveProduct(input) {
      const product = input.providerProductId
        ? await callStripe(() => stripe.products.update(input.providerProductId!, productUpdateParams(input)))
        : await callStripe(() => {
          const params = productCreateParams(input);
          return stripe.products.create(params, { idempotencyKey: creationKey('product', input.localId, params) });
        });
      return { providerProductId: product.id, updated: product.updated };
    },

    async savePrice(input) {
      // A price's amount, currency and interval are fixed at Stripe once created; only `active` changes.
      const price = input.providerPriceId
        ? await callStripe(() => stripe.prices.update(input.providerPriceId!, { active: input.active }))
        : await callStripe(() => {
          const params = priceCreateParams(input);
          return stripe.prices.create(params, { idempotencyKey: creationKey('price', input.localId, params) });
        });
      // A price has no clock of its own at Stripe; the time of the answer stands in for it.
      return { providerPriceId: price.id, updated: epochNow() };
    },

    async chargeSavedPaymentMethod(request) {
      const customer = await retrieveCustomer(stripe, request.customerId);
      if (!customer) return { status: 'failed', reason: NO_SAVED_PAYMENT_METHOD };
      // Before the saved method is read: a card removed since an earlier charge succeeded must not fail what was paid.
      const earlier = await callStripe(() => earlierSuccessfulCharge(stripe, request));
      if (earlier) return { status: 'succeeded', paymentId: earlier };
      const paymentMethodId = await savedCard(stripe, customer);
      if (!paymentMethodId) return { status: 'failed', reason: NO_SAVED_PAYMENT_METHOD };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(savedMethodChargeParams(request, paymentMethodId), { idempotencyKey: request.idempotencyKey });
      } catch (error) {
        // A declined card, or one whose bank wants its holder (authentication_required): Stripe's words are for the customer.
        if (error instanceof Stripe.errors.StripeCardError) return { status: 'failed', reason: toProviderError(error).message };
        throw toProviderError(error);
      }
      // Cards settle at once; any other state means the holder has to act, which nobody can off-session.
      return intent.status === 'succeeded' ? { status: 'succeeded', paymentId: intent.id } : { status: 'failed', reason: PAYMENT_NEEDS_CARDHOLDER };
    },

    async refundPayment(request) {
      // Read back first: Stripe forgets an idempotency key after 24 hours, and a caller whose first
      // answer never came asks again, maybe later than that.
      const earlier = await callStripe(() => earlierRefund(stripe, request));
      // Stripe's reasons are a fixed list; the operator's words go in the metadata, with our key to find the refund by.
      const refund = earlier ?? await callStripe(() => stripe.refunds.create({
        payment_intent: request.paymentReference, amount: request.amountCents, reason: 'requested_by_customer',
        metadata: { reason: request.reason.slice(0, 500), refund_key: request.idempotencyKey },
      }, { idempotencyKey: request.idempotencyKey }));
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentProviderError('invalid_request', refund.failure_reason ? `The refund failed: ${refund.failure_reason}.` : 'The refund failed.');
      }
      return { refundId: refund.id };
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError(WEBHOOK_SIGNATURE_INVALID);
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        // Only a body whose signature held can fail after the check: it was not JSON.
        throw new WebhookSignatureError(error instanceof Stripe.errors.StripeSignatureVerificationError ? WEBHOOK_SIGNATURE_INVALID : WEBHOOK_NOT_AN_EVENT);
      }
      if (!isEventShaped(event)) throw new WebhookSignatureError(WEBHOOK_NOT_AN_EVENT);
      return event;
    },
  };
}

/**
 * The card to charge off-session: the customer's default, else the card attached most recently.
 * Subscription-mode Checkout saves its card as the subscription's default and only attaches it
 * to the customer, so most customers who subscribed have no customer default until they set one
 * in the Billing Portal.
 */
async function savedCard(stripe: Stripe, customer: Stripe.Customer): Promise<string | null> {
  const saved = customer.invoice_settings.default_payment_method;
  if (saved) return typeof saved === 'string' ? saved : saved.id;
  const attached = await callStripe(() => stripe.customers.listPaymentMethods(customer.id, { type: 'card', limit: 1 }));
  return attached.data[0]?.id ?? null;
}

/** The customer, or null when it was deleted at Stripe (it then has no saved method either). */
async function retrieveCustomer(stripe: Stripe, customerId: string): Promise<Stripe.Customer | null> {
  try {
    const customer = await stripe.customers.retrieve(customerId);
    return customer.deleted ? null : customer;
  } catch (error) {
    const failure = toProviderError(error);
    if (failure.kind === 'not_found') return null;
    throw failure;
  }
}

/** The customer's recent successful payment intent for the same purpose and reference, if any. */
async function earlierSuccessfulCharge(stripe: Stripe, request: SavedMethodChargeRequest): Promise<string | null> {
  const since = epochNow() - EARLIER_CHARGE_LOOKBACK_SECONDS;
  for await (const intent of stripe.paymentIntents.list({ customer: request.customerId, created: { gte: since }, limit: PAGE_SIZE })) {
    if (intent.status === 'succeeded' && intent.metadata?.reference === request.metadata.reference
      && intent.metadata?.purpose === request.metadata.purpose) return intent.id;
  }
  return null;
}

/** A refund of the payment made for the same request, if any; a failed one made nothing and does not count. */
async function earlierRefund(stripe: Stripe, request: RefundRequest): Promise<Stripe.Refund | null> {
  for await (const refund of stripe.refunds.list({ payment_intent: request.paymentReference, limit: PAGE_SIZE })) {
    if (refund.metadata?.refund_key === request.idempotencyKey && refund.status !== 'failed' && refund.status !== 'canceled') return refund;
  }
  return null;
}

/** The fields the receiver relies on, checked before a signed body is trusted as an event. */
function isEventShaped(value: unknown): value is PaymentEvent {
  const event = value as Partial<PaymentEvent> | null;
  return typeof event === 'object' && event !== null
    && typeof event.id === 'string' && event.id.length > 0 && event.id.length <= 255
    && typeof event.type === 'string' && event.type.length <= 255
    && Number.isInteger(event.created)
    && typeof event.data === 'object' && event.data !== null && typeof event.data.object === 'object' && event.data.object !== null
    // PostgreSQL cannot store a NUL, and no genuine event has one.
    && !containsNul(event);
}
