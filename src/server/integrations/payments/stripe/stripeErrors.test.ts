import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PROVIDER_BUSY, PROVIDER_UNAVAILABLE, toProviderError } from './stripeErrors.ts';

describe('toProviderError', () => {
  it('a card error keeps Stripe\'s words for the customer', () => {
    const error = toProviderError(new Stripe.errors.StripeCardError({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.', requestId: 'req_1' }));
    expect(error).toMatchObject({ kind: 'card_declined', message: 'Your card was declined.', details: { providerCode: 'card_declined', providerRequestId: 'req_1' } });
  });

  it('a key quoted in a request error is scrubbed', () => {
    const error = toProviderError(new Stripe.errors.StripeInvalidRequestError({
      type: 'invalid_request_error', message: 'The key sk_live_abc123 cannot do this with whsec_xyz.',
    }));
    expect(error).toMatchObject({ kind: 'invalid_request', message: 'The key [redacted] cannot do this with [redacted].' });
  });

  it('rate limits and anything unexpected ask to try again, naming nothing internal', () => {
    expect(toProviderError(new Stripe.errors.StripeRateLimitError({ type: 'rate_limit_error', message: 'Too many requests' })))
      .toMatchObject({ kind: 'unavailable', message: PROVIDER_BUSY });
    expect(toProviderError(new TypeError('Cannot read properties of undefined (reading \'id\')')))
      .toMatchObject({ kind: 'unavailable', message: PROVIDER_UNAVAILABLE });
  });
});
