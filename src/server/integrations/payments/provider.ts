import type { CheckoutMode, PriceInterval } from '../../../common/billing/billing.ts';
import type {
  PaymentEvent, ProviderCheckoutSession, ProviderInvoice, ProviderPrice, ProviderProduct, ProviderSubscription,
} from './events.ts';

export type PaymentMode = 'stripe' | 'test';

export interface CheckoutRequest {
  mode: CheckoutMode;
  /** The account's customer, reused; without one the provider creates it only when the payment succeeds. */
  customerId: string | null;
  /** Prefills the checkout's e-mail when there is no customer yet (the billing e-mail). */
  customerEmail: string | null;
  /** A catalogued price (subscription mode, or a one-off price), or an ad-hoc one-off amount (payment mode). */
  line: { providerPriceId: string } | { name: string; unitAmount: number; currency: string };
  quantity: number;
  /** Absolute URLs; `{CHECKOUT_SESSION_ID}` is replaced by the provider's session id. */
  successUrl: string;
  cancelUrl: string;
  /** Sent as client_reference_id and in the metadata (of the session and, in subscription mode, of the subscription). */
  accountId: string;
  /**
   * Our checkout_sessions id, the user who started it, the purpose and its reference: all in the
   * metadata. A one-off payment for a term of service (a domain's years) also names the term, since
   * the provider gives a one-off line no period of its own (see billing's serviceTerm).
   */
  metadata: { checkoutSessionId: string; userId: string; purpose: string; reference?: string } & ServiceTermMetadata;
  /** Derived from our own ids, so a retried request cannot create a second session. */
  idempotencyKey: string;
}

/** The years a one-off payment buys, and where they start when that is known at checkout (a renewal: the current expiry). */
export interface ServiceTermMetadata {
  termYears?: string;
  termFrom?: string;
}

/** The metadata both providers put on a checkout session: the account, then the request's own. */
export function checkoutMetadata(request: CheckoutRequest): Record<string, string> {
  const entries = Object.entries({ accountId: request.accountId, ...request.metadata });
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface PortalRequest {
  customerId: string;
  returnUrl: string;
  accountId: string;
  /** Who opened it: the test-mode portal shows itself to this user only. */
  userId: string;
}

/** What a product is, as an operator or the provider says it. */
export interface ProductFields {
  name: string;
  description: string;
  category: string | null;
  popular: boolean;
  features: string[];
  active: boolean;
}

export interface ProductInput extends ProductFields {
  /** The provider's id when the product exists there already. */
  providerProductId: string | null;
  /** Our id; the test-mode provider answers with it as the provider id. */
  localId: string;
}

export interface PriceInput {
  providerPriceId: string | null;
  localId: string;
  providerProductId: string;
  unitAmount: number;
  currency: string;
  interval: PriceInterval | null;
  active: boolean;
}

/**
 * An off-session charge of the customer's saved payment method (a domain's automatic renewal):
 * nobody is at the keyboard, so a card that needs its holder (a decline, 3-D Secure) fails
 * the charge instead of asking.
 */
export interface SavedMethodChargeRequest {
  customerId: string;
  /** In the currency's smallest unit (cents). */
  amount: number;
  currency: string;
  /** On the customer's statement and in the provider's dashboard. */
  description: string;
  /** `reference` names what is paid for (the order id): at most one successful charge per reference. */
  metadata: { accountId: string; purpose: string; reference: string };
  /** Derived from our own ids, so a rerun after a crash answers the first charge instead of making a second. */
  idempotencyKey: string;
}

/** A failed charge's reason is safe to show the customer (the provider's words for a card, or ours). */
export type SavedMethodChargeResult = { status: 'succeeded'; paymentId: string } | { status: 'failed'; reason: string };

/** Money back on an earlier payment (an operator cancelling a paid domain order). */
export interface RefundRequest {
  /** The provider's payment (payment intent) the money came in on. */
  paymentReference: string;
  /** In the currency's smallest unit (cents); at most what was paid. */
  amountCents: number;
  currency: string;
  /** Derived from our own ids, so a retried request cannot refund twice. */
  idempotencyKey: string;
  /** Why, in the operator's words: kept with the refund at the provider. */
  reason: string;
}

export const NO_SAVED_PAYMENT_METHOD = 'No saved payment method.';
export const PAYMENT_NEEDS_CARDHOLDER = 'The payment needs the cardholder to complete it.';

export const WEBHOOK_SIGNATURE_INVALID = 'Invalid webhook signature.';
export const WEBHOOK_NOT_AN_EVENT = 'The webhook body is not a payment provider event.';

/** A webhook delivery that is not a genuine, recent event of the provider; its message is safe to answer with. */
export class WebhookSignatureError extends Error {}

/** What went wrong at the provider, for the caller to choose its answer (a declined card is the customer's to fix). */
export type PaymentProviderErrorKind = 'card_declined' | 'invalid_request' | 'not_found' | 'conflict' | 'unavailable' | 'misconfigured';

/**
 * The one error both providers throw. Its message is safe to show a customer: Stripe's own words
 * for card and request errors, never a key, a stack or a driver's text; `details` is for the log.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: PaymentProviderErrorKind,
    message: string,
    readonly details: { providerRequestId?: string; providerCode?: string; statusCode?: number } = {},
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The payment provider behind the portal: Stripe (its SDK) or the built-in test mode. Objects
 * come back in Stripe's shapes (events.ts); state changes reach the portal as events, through
 * `Services.receivePaymentEvent`, whichever provider made them.
 */
export interface PaymentProvider {
  readonly mode: PaymentMode;
  /** Publishable key for the browser (Stripe mode), else null. */
  readonly publishableKey: string | null;

  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPortalSession(request: PortalRequest): Promise<{ url: string }>;

  /**
   * Closes an open checkout so that it can no longer be paid (the customer cancelled what it pays
   * for), and answers the session as it then stands: 'expired', or 'complete' when the payment
   * came first. A session already finished is answered as it is.
   */
  expireCheckoutSession(id: string): Promise<ProviderCheckoutSession>;

  /** Re-reads an object when an event leaves doubt (same timestamp, missing fields). */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  retrieveInvoice(id: string): Promise<ProviderInvoice>;

  /**
   * The whole catalogue as the provider holds it (every page), for the operators' sync;
   * `onListed` hears how many products and prices were read so far, as the pages come in.
   */
  listCatalog(onListed?: (count: number) => void): Promise<{ products: ProviderProduct[]; prices: ProviderPrice[] }>;
  /** Creates or updates a product at the provider; answers its provider id and the provider's clock. */
  saveProduct(input: ProductInput): Promise<{ providerProductId: string; updated: number }>;
  /** Creates a price, or (existing) changes only whether it is active. */
  savePrice(input: PriceInput): Promise<{ providerPriceId: string; updated: number }>;

  /**
   * Charges the customer's saved (default) payment method now. A refusal of the card is an
   * answer (`failed`); only a fault of the provider or of the request throws PaymentProviderError.
   */
  chargeSavedPaymentMethod(request: SavedMethodChargeRequest): Promise<SavedMethodChargeResult>;

  /**
   * Refunds (part of) a payment now, unless a refund with the request's idempotency key was made
   * already (answered instead): a caller that never heard the first answer may ask again. A
   * refusal throws PaymentProviderError with a sentence safe to show an operator; an 'unavailable'
   * one leaves the outcome unknown. Called with no transaction open.
   */
  refundPayment(request: RefundRequest): Promise<{ refundId: string }>;

  /** Verifies a webhook delivery's signature over the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
