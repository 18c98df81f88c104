import Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import { containsNul } from '../../../http/jsonBody.ts';
import type { PaymentEvent, ProviderPrice, ProviderProduct } from '../events.ts';
import {
  type PaymentProvider, WEBHOOK_NOT_AN_EVENT, WEBHOOK_SIGNATURE_INVALID, WebhookSignatureError,
} from '../provider.ts';
import { callStripe } from './stripeErrors.ts';
import {
  fromStripeCheckoutSession, fromStripeInvoice, fromStripePrice, fromStripeProduct, fromStripeSubscription,
} from './stripeObjects.ts';
import {
  checkoutSessionParams, creationKey, priceCreateParams, productCreateParams, productUpdateParams,
} from './stripeParams.ts';

/** Stripe's own default: a delivery signed longer ago than this is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const PAGE_SIZE = 100;
const epochNow = () => Math.floor(Date.now() / 1000);

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
    async retrieveSubscription(id) {
      return fromStripeSubscription(await callStripe(() => stripe.subscriptions.retrieve(id, { expand: ['items.data.price'] })));
    },
    async retrieveInvoice(id) {
      return fromStripeInvoice(await callStripe(() => stripe.invoices.retrieve(id)));
    },

    async listCatalog() {
      // No `active` filter: an operator's sync must also see what was deactivated at Stripe.
      return callStripe(async () => {
        const products: ProviderProduct[] = [];
        for await (const product of stripe.products.list({ limit: PAGE_SIZE })) products.push(fromStripeProduct(product));
        const prices: ProviderPrice[] = [];
        for await (const price of stripe.prices.list({ limit: PAGE_SIZE })) prices.push(fromStripePrice(price));
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
