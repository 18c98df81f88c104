import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A webhook delivery as Stripe sends it: the exact JSON text and its `Stripe-Signature` header,
 * made by the SDK's own `generateTestHeaderString` (the counterpart of the `constructEvent` the
 * adapter verifies with). A string is signed as it is (to sign a body that is not JSON);
 * `timestamp` (Unix seconds) backdates a signature to make it stale.
 */
export function signedWebhook(event: object | string, secret: string, options: { timestamp?: number } = {}): { payload: string; header: string } {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
  return { payload, header };
}

/** An event in Stripe's envelope around `object`, with a fresh id. */
export function stripeEvent<T extends object>(type: string, object: T, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event' as const,
    api_version: Stripe.API_VERSION,
    type,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
