import { randomBytes } from 'node:crypto';
import type { CheckoutMode } from '../../../src/common/billing/billing.ts';
import type { PaymentEvent } from '../../../src/server/integrations/payments/events.ts';
import { TEST_EVENT_DELIVERY_QUEUE, type TestEventDelivery } from '../../../src/server/integrations/payments/testMode/testEvents.ts';
import { readTestObject, type TestCheckoutRecord } from '../../../src/server/integrations/payments/testMode/testObjects.ts';
import { createPlan } from '../billing/factories.ts';
import type { TestApp, TestUser } from '../testApp.ts';

/** Card details as typed on the test-mode pages. */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', cardholderName: 'Ada Lovelace' };
export const DECLINING_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

export const SUCCESS_URL = 'http://localhost:3000/billing?checkout={CHECKOUT_SESSION_ID}';
export const CANCEL_URL = 'http://localhost:3000/services/hosting';

export interface StartedCheckout {
  sessionId: string;
  url: string;
  priceId: string;
  /** Our checkout_sessions row, as the billing area's createStripeCheckoutSession writes it. */
  checkoutSessionId: string;
}

/**
 * A test-mode checkout started for `user` in `accountId` the way the billing area starts one:
 * our checkout_sessions row, then the provider's session. Subscription mode with a new monthly
 * plan unless told otherwise.
 */
export async function startTestCheckout(
  t: TestApp, user: TestUser, accountId: string,
  options: { priceId?: string; mode?: CheckoutMode; customerId?: string | null; customerEmail?: string | null } = {},
): Promise<StartedCheckout> {
  const mode = options.mode ?? 'subscription';
  const priceId = options.priceId ?? (await createPlan(t, { prices: [{ unitAmount: 1299, interval: mode === 'subscription' ? 'month' : null }] })).priceIds[0];
  const checkoutSessionId = `chk_${randomBytes(8).toString('hex')}`;
  const purpose = mode === 'subscription' ? 'subscription' : 'one_off';
  const session = await t.services.payments.createCheckoutSession({
    mode, customerId: options.customerId ?? null, customerEmail: options.customerEmail ?? null, line: { providerPriceId: priceId }, quantity: 1,
    successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL, accountId, metadata: { checkoutSessionId, userId: user.id, purpose },
    idempotencyKey: `checkout:${checkoutSessionId}`,
  });
  await t.services.db.insertInto('checkout_sessions').values({
    id: checkoutSessionId, provider_session_id: session.id, account_id: accountId, user_id: user.id, price_id: priceId, mode, purpose, url: session.url,
  }).execute();
  return { sessionId: session.id, url: session.url, priceId, checkoutSessionId };
}

/** A checkout paid with the test card through the HTTP protocol; answers the provider's ids it made. */
export async function paidTestCheckout(t: TestApp, user: TestUser, accountId: string, options: Parameters<typeof startTestCheckout>[3] = {}) {
  const started = await startTestCheckout(t, user, accountId, options);
  const paid = await t.call('payTestCheckout', { sessionId: started.sessionId, ...GOOD_CARD }, user);
  if (paid.status !== 200) throw new Error(`payTestCheckout failed ${paid.status}: ${JSON.stringify(paid.error)}`);
  const session = (await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', started.sessionId))!;
  return { ...started, customerId: session.customer!, subscriptionId: session.subscription, invoiceId: session.invoice! };
}

/** The customer portal opened for `user`, as createAccountStripePortalLink opens it; answers its id. */
export async function openTestPortal(t: TestApp, user: TestUser, accountId: string, customerId: string): Promise<string> {
  const { url } = await t.services.payments.createPortalSession({ customerId, accountId, userId: user.id, returnUrl: 'http://localhost:3000/billing' });
  return url.split('/').at(-1)!;
}

/** The events each test-mode change emitted, oldest change first, as its durable delivery job carries them. */
export async function emittedTestEvents(t: TestApp): Promise<PaymentEvent[][]> {
  const jobs = await t.services.db.selectFrom('jobs').select('payload').where('queue', '=', TEST_EVENT_DELIVERY_QUEUE).orderBy('created_at').execute();
  return jobs.map((job) => (JSON.parse(job.payload) as TestEventDelivery).events);
}

/** The ids of the provider events the receiver applied. */
export async function appliedEventIds(t: TestApp): Promise<string[]> {
  return (await t.services.db.selectFrom('payment_events').select('id').execute()).map((r) => r.id);
}
