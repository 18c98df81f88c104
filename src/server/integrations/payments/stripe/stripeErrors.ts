import Stripe from 'stripe';
import { PaymentProviderError } from '../provider.ts';

export const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Please try again shortly.';
export const PROVIDER_BUSY = 'The payment provider is busy. Please try again shortly.';
export const PROVIDER_MISCONFIGURED = 'Payments are not configured correctly. Please contact support.';
export const PROVIDER_CONFLICT = 'This payment request was already made with different details.';

// Stripe's messages may quote a key (an authentication error names the one it refused, masked or not).
const KEY_PATTERN = /\b(sk|rk|pk)_(test|live)_\w+|\bwhsec_\w+/g;
const scrub = (message: string) => message.replace(KEY_PATTERN, '[redacted]');

/**
 * One SDK error as the portal's PaymentProviderError: a card error keeps Stripe's words, meant
 * for the customer; a request error keeps Stripe's explanation (which names a parameter or an
 * id, never a secret, and is scrubbed anyway); the rest say what to do, not what broke.
 */
export function toProviderError(error: unknown): PaymentProviderError {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new PaymentProviderError('unavailable', PROVIDER_UNAVAILABLE);
  }
  const details = { providerRequestId: error.requestId, providerCode: error.code, statusCode: error.statusCode };
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentProviderError('card_declined', scrub(error.message), details);
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new PaymentProviderError('conflict', PROVIDER_CONFLICT, details);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new PaymentProviderError(error.code === 'resource_missing' ? 'not_found' : 'invalid_request', scrub(error.message), details);
  }
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    return new PaymentProviderError('misconfigured', PROVIDER_MISCONFIGURED, details);
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) return new PaymentProviderError('unavailable', PROVIDER_BUSY, details);
  return new PaymentProviderError('unavailable', PROVIDER_UNAVAILABLE, details);
}

/** Runs one SDK call and lets only a PaymentProviderError out. */
export async function callStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toProviderError(error);
  }
}
