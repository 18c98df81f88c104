import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, REVOKED_KEY, STRIPE_TEST_WEBHOOK_SECRET as SECRET, startFakeStripe } from '../../../../../test/support/payments/fakeStripe.ts';
import { signedWebhook, stripeEvent } from '../../../../../test/support/payments/stripeWebhooks.ts';
import { loadConfig } from '../../../config.ts';
import {
  type CheckoutRequest, NO_SAVED_PAYMENT_METHOD, type PaymentProvider, PaymentProviderError, type SavedMethodChargeRequest,
  WEBHOOK_NOT_AN_EVENT, WEBHOOK_SIGNATURE_INVALID, WebhookSignatureError,
} from '../provider.ts';
import { PROVIDER_CONFLICT, PROVIDER_MISCONFIGURED, PROVIDER_UNAVAILABLE } from './stripeErrors.ts';
import { createStripePaymentProvider } from './stripeProvider.ts';


function stripeProviderAt(apiBase: string, secretKey = 'sk_test_x'): PaymentProvider {
  return createStripePaymentProvider(loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'stripe-adapter-')), LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: apiBase,
  }));
}

async function rejectionOf(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('the Stripe adapter against a local fake of Stripe\'s API', () => {
  let fake: FakeStripe;
  let stripe: PaymentProvider;
  let monthlyPriceId: string;
  let oneOffPriceId: string;

  const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    mode: 'subscription', customerId: null, customerEmail: 'billing@example.test', line: { providerPriceId: monthlyPriceId }, quantity: 1,
    successUrl: 'http://localhost:3000/billing?session={CHECKOUT_SESSION_ID}', cancelUrl: 'http://localhost:3000/services/hosting',
    accountId: 'acc_1', metadata: { checkoutSessionId: 'chk_1', userId: 'user_1', purpose: 'subscription' },
    idempotencyKey: `checkout:${randomBytes(6).toString('hex')}`, ...overrides,
  });
  const lastRequest = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path).at(-1)!;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = stripeProviderAt(fake.url);
    const product = await stripe.saveProduct({
      providerProductId: null, localId: 'p1', name: 'Basic Hosting', description: 'One site.', category: 'Hosting', popular: true, features: ['1 website', 'SSL'], active: true,
    });
    monthlyPriceId = (await stripe.savePrice({
      providerPriceId: null, localId: 'pr1', providerProductId: product.providerProductId, unitAmount: 999, currency: 'USD', interval: 'month', active: true,
    })).providerPriceId;
    oneOffPriceId = (await stripe.savePrice({
      providerPriceId: null, localId: 'pr2', providerProductId: product.providerProductId, unitAmount: 1500, currency: 'USD', interval: null, active: true,
    })).providerPriceId;
  });
  afterAll(async () => { await fake.close(); });

  it('sends every call to STRIPE_API_BASE, authenticated with the secret key', () => {
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((r) => r.authorization === 'Bearer sk_test_x')).toBe(true);
  });

  describe('createCheckoutSession', () => {
    it('subscription mode: the price and quantity, the account on the session and on the subscription, the e-mail, our idempotency key', async () => {
      const request = checkout();
      const session = await stripe.createCheckoutSession(request);
      expect(session.id).toMatch(/^cs_test_/);
      expect(session.url).toContain(session.id);
      const sent = lastRequest('POST', '/v1/checkout/sessions');
      expect(sent.idempotencyKey).toBe(request.idempotencyKey);
      expect(sent.params).toEqual({
        mode: 'subscription',
        line_items: [{ price: monthlyPriceId, quantity: '1' }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: 'acc_1',
        metadata: { accountId: 'acc_1', checkoutSessionId: 'chk_1', userId: 'user_1', purpose: 'subscription' },
        customer_email: 'billing@example.test',
        subscription_data: { metadata: { accountId: 'acc_1', checkoutSessionId: 'chk_1' } },
      });
    });

    it('reuses the account\'s customer instead of sending an e-mail', async () => {
      const customer = fake.addCustomer('billing@example.test');
      await stripe.createCheckoutSession(checkout({ customerId: customer.id }));
      const sent = lastRequest('POST', '/v1/checkout/sessions');
      expect(sent.params.customer).toBe(customer.id);
      expect(sent.params).not.toHaveProperty('customer_email');
    });

    it('payment mode with an ad-hoc amount: price_data in lower-case currency, an invoice, the metadata on the payment, a customer created', async () => {
      await stripe.createCheckoutSession(checkout({
        mode: 'payment', line: { name: 'example.com registration', unitAmount: 1299, currency: 'USD' }, quantity: 2,
        metadata: { checkoutSessionId: 'chk_2', userId: 'user_1', purpose: 'domain', reference: 'order_9' },
      }));
      const sent = lastRequest('POST', '/v1/checkout/sessions').params;
      const metadata = { accountId: 'acc_1', checkoutSessionId: 'chk_2', userId: 'user_1', purpose: 'domain', reference: 'order_9' };
      expect(sent.line_items).toEqual([{ price_data: { currency: 'usd', unit_amount: '1299', product_data: { name: 'example.com registration' } }, quantity: '2' }]);
      expect(sent.invoice_creation).toEqual({ enabled: 'true', invoice_data: { metadata } });
      expect(sent.payment_intent_data).toEqual({ metadata });
      expect(sent.customer_creation).toBe('always');
      expect(sent).not.toHaveProperty('subscription_data');
    });

    it('payment mode with a catalogued one-off price', async () => {
      const session = await stripe.createCheckoutSession(checkout({ mode: 'payment', line: { providerPriceId: oneOffPriceId } }));
      expect(lastRequest('POST', '/v1/checkout/sessions').params.line_items).toEqual([{ price: oneOffPriceId, quantity: '1' }]);
      expect((await stripe.retrieveCheckoutSession(session.id)).amount_total).toBe(1500);
    });

    it('the same idempotency key answers the same session; the key reused for another request is a conflict', async () => {
      const request = checkout();
      const first = await stripe.createCheckoutSession(request);
      const again = await stripe.createCheckoutSession(request);
      expect(again).toEqual(first);
      const error = await rejectionOf(stripe.createCheckoutSession({ ...request, quantity: 3 }));
      expect(error).toMatchObject({ kind: 'conflict', message: PROVIDER_CONFLICT });
    });

    it('an unknown price is a clear not-found error naming the price', async () => {
      const error = await rejectionOf(stripe.createCheckoutSession(checkout({ line: { providerPriceId: 'price_nope' } })));
      expect(error.kind).toBe('not_found');
      expect(error.message).toBe('No such price: \'price_nope\'');
    });

    it('a one-off price in subscription mode is refused with Stripe\'s explanation', async () => {
      const error = await rejectionOf(stripe.createCheckoutSession(checkout({ line: { providerPriceId: oneOffPriceId } })));
      expect(error.kind).toBe('invalid_request');
      expect(error.message).toContain('recurring price');
    });
  });

  describe('createPortalSession', () => {
    it('opens the customer\'s Billing Portal with the return address', async () => {
      const customer = fake.addCustomer();
      const portal = await stripe.createPortalSession({ customerId: customer.id, returnUrl: 'http://localhost:3000/billing', accountId: 'acc_1', userId: 'user_1' });
      expect(portal.url).toMatch(/\/p\/session\/bps_/);
      expect(lastRequest('POST', '/v1/billing_portal/sessions').params).toEqual({ customer: customer.id, return_url: 'http://localhost:3000/billing' });
    });

    it('an unknown customer is not found', async () => {
      const error = await rejectionOf(stripe.createPortalSession({ customerId: 'cus_nope', returnUrl: 'http://localhost:3000/billing', accountId: 'a', userId: 'u' }));
      expect(error).toMatchObject({ kind: 'not_found', message: 'No such customer: \'cus_nope\'' });
    });
  });

  describe('retrieve', () => {
    it('a subscription, its price expanded, in the portal\'s shape', async () => {
      const price = fake.get(monthlyPriceId);
      fake.put(stripeSubscription('sub_1', 'cus_1', price));
      const subscription = await stripe.retrieveSubscription('sub_1');
      expect(lastRequest('GET', '/v1/subscriptions/sub_1').params).toEqual({ expand: ['items.data.price'] });
      expect(subscription).toEqual({
        id: 'sub_1', object: 'subscription', customer: 'cus_1', status: 'active', cancel_at_period_end: false, canceled_at: null, ended_at: null,
        created: 1_700_000_000, metadata: { accountId: 'acc_1' },
        items: { data: [{
          id: 'si_1', quantity: 1, current_period_start: 1_700_000_000, current_period_end: 1_702_592_000,
          price: { id: monthlyPriceId, object: 'price', product: price.product, active: true, currency: 'usd', unit_amount: 999, type: 'recurring',
            recurring: { interval: 'month', interval_count: 1 }, created: price.created, metadata: {} },
        }] },
      });
    });

    it('an invoice, with its subscription and its lines\' pricing as text', async () => {
      fake.put(stripeInvoice('in_1', 'cus_1', 'sub_1', monthlyPriceId));
      const invoice = await stripe.retrieveInvoice('in_1');
      expect(invoice).toMatchObject({
        id: 'in_1', number: 'ABCD-0001', customer: 'cus_1', status: 'paid', total: 999, amount_paid: 999,
        status_transitions: { paid_at: 1_700_000_001 },
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: { accountId: 'acc_1' } } },
      });
      expect(invoice.lines.data[0]).toEqual({
        id: 'il_1', description: '1 × Basic Hosting (at $9.99 / month)', amount: 999, currency: 'usd', quantity: 1,
        period: { start: 1_700_000_000, end: 1_702_592_000 },
        pricing: { type: 'price_details', price_details: { price: monthlyPriceId, product: 'prod_1' }, unit_amount_decimal: '999' },
      });
    });

    it('a checkout session', async () => {
      const created = await stripe.createCheckoutSession(checkout());
      expect(await stripe.retrieveCheckoutSession(created.id)).toMatchObject({
        id: created.id, object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid', customer: null,
        client_reference_id: 'acc_1', amount_total: 999, currency: 'usd', url: created.url,
      });
    });

    it('unknown ids are not found', async () => {
      for (const attempt of [stripe.retrieveSubscription('sub_nope'), stripe.retrieveInvoice('in_nope'), stripe.retrieveCheckoutSession('cs_nope')]) {
        expect((await rejectionOf(attempt)).kind).toBe('not_found');
      }
    });
  });

  describe('the catalogue', () => {
    it('creates a product with the spec\'s metadata and marketing features, and prices with a lower-case currency', () => {
      const product = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/products')!;
      expect(product.params).toEqual({
        name: 'Basic Hosting', description: 'One site.', active: 'true', metadata: { Category: 'Hosting', popular: 'true' },
        marketing_features: [{ name: '1 website' }, { name: 'SSL' }],
      });
      expect(product.idempotencyKey).toMatch(/^product:p1:/);
      const price = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/prices')!;
      expect(price.params).toMatchObject({ unit_amount: '999', currency: 'usd', active: 'true', recurring: { interval: 'month' } });
    });

    it('an update clears a removed category, the description and the features', async () => {
      const created = await stripe.saveProduct({
        providerProductId: null, localId: 'p2', name: 'Pro', description: '', category: 'Hosting', popular: false, features: ['A'], active: true,
      });
      const saved = await stripe.saveProduct({
        providerProductId: created.providerProductId, localId: 'p2', name: 'Pro 2', description: '', category: null, popular: false, features: [], active: false,
      });
      expect(saved.providerProductId).toBe(created.providerProductId);
      expect(saved.updated).toBeGreaterThan(created.updated);
      expect(fake.get(created.providerProductId)).toMatchObject({
        name: 'Pro 2', description: null, active: false, metadata: { popular: 'false' }, marketing_features: [],
      });
    });

    it('an existing price changes only whether it is active', async () => {
      const saved = await stripe.savePrice({
        providerPriceId: monthlyPriceId, localId: 'pr1', providerProductId: 'ignored', unitAmount: 1, currency: 'EUR', interval: 'year', active: false,
      });
      expect(saved.providerPriceId).toBe(monthlyPriceId);
      expect(lastRequest('POST', `/v1/prices/${monthlyPriceId}`).params).toEqual({ active: 'false' });
      expect(fake.get(monthlyPriceId)).toMatchObject({ active: false, unit_amount: 999, currency: 'usd' });
      await stripe.savePrice({ providerPriceId: monthlyPriceId, localId: 'pr1', providerProductId: 'x', unitAmount: 999, currency: 'USD', interval: 'month', active: true });
    });

    it('a price for an unknown product is not found', async () => {
      const error = await rejectionOf(stripe.savePrice({
        providerPriceId: null, localId: 'pr9', providerProductId: 'prod_nope', unitAmount: 100, currency: 'USD', interval: null, active: true,
      }));
      expect(error).toMatchObject({ kind: 'not_found', message: 'No such product: \'prod_nope\'' });
    });

    it('lists every page of products and prices, inactive ones included', async () => {
      for (let i = 0; i < 130; i++) {
        fake.put({ id: `prod_bulk${i}`, object: 'product', name: `Bulk ${i}`, description: null, active: i % 2 === 0, metadata: {}, marketing_features: [], created: 1, updated: 1 });
      }
      const before = fake.requests.length;
      const catalog = await stripe.listCatalog();
      const productPages = fake.requests.slice(before).filter((r) => r.path === '/v1/products');
      expect(productPages.map((r) => r.params.starting_after ?? null)).toEqual([null, productPages[1].params.starting_after]);
      expect(catalog.products.filter((p) => p.id.startsWith('prod_bulk'))).toHaveLength(130);
      expect(catalog.products.some((p) => !p.active)).toBe(true);
      expect(catalog.prices.map((p) => p.id).sort()).toEqual([monthlyPriceId, oneOffPriceId].sort());
      expect(catalog.prices.find((p) => p.id === oneOffPriceId)).toMatchObject({ type: 'one_time', recurring: null, unit_amount: 1500 });
    });
  });

  describe('verifyWebhook', () => {
    const event = () => stripeEvent('product.created', { id: 'prod_x', object: 'product', name: 'X' });
    const verify = (payload: string, header: string | undefined) => () => stripe.verifyWebhook(Buffer.from(payload), header);

    it('answers the event of a genuine delivery', () => {
      const sent = event();
      const { payload, header } = signedWebhook(sent, SECRET);
      expect(stripe.verifyWebhook(Buffer.from(payload), header)).toEqual(sent);
    });

    it('refuses a missing, wrong, stale or foreign signature, and a body altered after signing', () => {
      const { payload, header } = signedWebhook(event(), SECRET);
      const stale = signedWebhook(event(), SECRET, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      const foreign = signedWebhook(event(), 'whsec_someone_else');
      for (const attempt of [
        verify(payload, undefined), verify(payload, ''), verify(payload, 't=1,v1=abc'), verify(stale.payload, stale.header),
        verify(foreign.payload, foreign.header), verify(payload.replace('"X"', '"Y"'), header),
      ]) {
        expect(attempt).toThrow(new WebhookSignatureError(WEBHOOK_SIGNATURE_INVALID));
      }
    });

    it('refuses a signed body that is not an event', () => {
      for (const body of ['not json', { hello: 'world' }]) {
        const { payload, header } = signedWebhook(body, SECRET);
        expect(verify(payload, header)).toThrow(new WebhookSignatureError(WEBHOOK_NOT_AN_EVENT));
      }
    });
  });

  describe('chargeSavedPaymentMethod', () => {
    const charge = (customerId: string, overrides: Partial<SavedMethodChargeRequest> = {}): SavedMethodChargeRequest => {
      const reference = `ord_${randomBytes(6).toString('hex')}`;
      return {
        customerId, amount: 1299, currency: 'USD', description: 'Renewal of example.com, 1 year',
        metadata: { accountId: 'acc_1', purpose: 'domain_order', reference }, idempotencyKey: `domain-renewal:${reference}`, ...overrides,
      };
    };
    const intentsOf = (customerId: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.params.customer === customerId);

    it('charges the default payment method off-session, confirmed at once, with our idempotency key and metadata', async () => {
      const customer = fake.addCustomer('billing@example.test');
      const card = fake.addDefaultCard(customer.id);
      const request = charge(customer.id);
      const result = await stripe.chargeSavedPaymentMethod(request);
      expect(result).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_/) });
      const sent = lastRequest('POST', '/v1/payment_intents');
      expect(sent.idempotencyKey).toBe(request.idempotencyKey);
      expect(sent.params).toEqual({
        amount: '1299', currency: 'usd', customer: customer.id, payment_method: card.id, off_session: 'true', confirm: 'true',
        automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' }, description: 'Renewal of example.com, 1 year',
        metadata: request.metadata,
      });
      if (result.status !== 'succeeded') return;
      expect(fake.get(result.paymentId)).toMatchObject({ status: 'succeeded', amount_received: 1299, customer: customer.id });
    });

    it('a retry answers the first charge: by the same key, and by the reference once the key is gone', async () => {
      const customer = fake.addCustomer();
      fake.addDefaultCard(customer.id);
      const request = charge(customer.id);
      const first = await stripe.chargeSavedPaymentMethod(request);
      expect(await stripe.chargeSavedPaymentMethod(request)).toEqual(first);
      // Stripe forgets a key after 24 hours: a later retry (another key, same order) finds the payment instead of charging again.
      expect(await stripe.chargeSavedPaymentMethod({ ...request, idempotencyKey: 'domain-renewal:expired-key' })).toEqual(first);
      expect(intentsOf(customer.id).map((r) => r.idempotencyKey)).toEqual([request.idempotencyKey]);
      // Another order of the same customer is a charge of its own.
      expect((await stripe.chargeSavedPaymentMethod(charge(customer.id))).status).toBe('succeeded');
      expect(intentsOf(customer.id)).toHaveLength(2);
    });

    it('a declined card, or one that needs its holder, fails the charge with Stripe\'s words', async () => {
      const declined = fake.addCustomer();
      fake.addDefaultCard(declined.id, 'declined');
      expect(await stripe.chargeSavedPaymentMethod(charge(declined.id))).toEqual({ status: 'failed', reason: 'Your card was declined.' });
      const authentication = fake.addCustomer();
      fake.addDefaultCard(authentication.id, 'authentication_required');
      expect(await stripe.chargeSavedPaymentMethod(charge(authentication.id)))
        .toEqual({ status: 'failed', reason: 'Your card was declined. This transaction requires authentication.' });
    });

    it('without a default, charges the card attached most recently (where subscription checkout leaves it)', async () => {
      const customer = fake.addCustomer();
      fake.attachCard(customer.id, 'declined');
      const latest = fake.attachCard(customer.id);
      expect((await stripe.chargeSavedPaymentMethod(charge(customer.id))).status).toBe('succeeded');
      expect(lastRequest('POST', '/v1/payment_intents').params.payment_method).toBe(latest.id);
    });

    it('without a saved payment method, or a customer, it fails without a charge', async () => {
      const customer = fake.addCustomer();
      expect(await stripe.chargeSavedPaymentMethod(charge(customer.id))).toEqual({ status: 'failed', reason: NO_SAVED_PAYMENT_METHOD });
      expect(await stripe.chargeSavedPaymentMethod(charge('cus_gone'))).toEqual({ status: 'failed', reason: NO_SAVED_PAYMENT_METHOD });
      expect(intentsOf(customer.id)).toEqual([]);
      expect(intentsOf('cus_gone')).toEqual([]);
    });

    it('a refused request throws, as every other call does', async () => {
      const customer = fake.addCustomer();
      fake.addDefaultCard(customer.id);
      const error = await rejectionOf(stripe.chargeSavedPaymentMethod(charge(customer.id, { amount: -5 })));
      expect(error).toMatchObject({ kind: 'invalid_request', message: 'Invalid integer: -5' });
    });
  });

  describe('refundPayment', () => {
    const paid = async (amount = 1287) => {
      const customer = fake.addCustomer();
      fake.addDefaultCard(customer.id);
      const reference = `ord_${randomBytes(6).toString('hex')}`;
      const result = await stripe.chargeSavedPaymentMethod({
        customerId: customer.id, amount, currency: 'USD', description: 'Registration of example.com',
        metadata: { accountId: 'acc_1', purpose: 'domain_order', reference }, idempotencyKey: `charge:${reference}`,
      });
      if (result.status !== 'succeeded') throw new Error('the test charge did not succeed');
      return result.paymentId;
    };

    it('refunds the payment intent with our key and the operator\'s reason; a retry with the key refunds nothing more', async () => {
      const paymentId = await paid();
      const request = { paymentReference: paymentId, amountCents: 1287, currency: 'USD', idempotencyKey: 'refund:ord_1', reason: 'Customer asked to cancel' };
      const first = await stripe.refundPayment(request);
      expect(first.refundId).toMatch(/^re_/);
      const sent = lastRequest('POST', '/v1/refunds');
      expect(sent.idempotencyKey).toBe('refund:ord_1');
      expect(sent.params).toMatchObject({ payment_intent: paymentId, amount: '1287', metadata: { reason: 'Customer asked to cancel' } });
      expect(await stripe.refundPayment(request)).toEqual(first);
      expect(fake.get(paymentId)).toMatchObject({ amount_refunded: 1287 });
    });

    it('a refund Stripe refuses (already refunded, more than was paid) throws with Stripe\'s words', async () => {
      const paymentId = await paid(1000);
      const tooMuch = await rejectionOf(stripe.refundPayment({ paymentReference: paymentId, amountCents: 1500, currency: 'USD', idempotencyKey: 'refund:a', reason: 'x' }));
      expect(tooMuch).toMatchObject({ kind: 'invalid_request', message: 'Refund amount ($15.00) is greater than unrefunded amount on charge ($10.00)' });
      await stripe.refundPayment({ paymentReference: paymentId, amountCents: 1000, currency: 'USD', idempotencyKey: 'refund:b', reason: 'x' });
      const again = await rejectionOf(stripe.refundPayment({ paymentReference: paymentId, amountCents: 1000, currency: 'USD', idempotencyKey: 'refund:c', reason: 'x' }));
      expect(again.kind).toBe('invalid_request');
      expect(again.message).toMatch(/has already been refunded/);
    });

    it('reads an earlier refund of the request back before asking: one made past Stripe\'s 24 hours of key memory is answered, not made again', async () => {
      const paymentId = await paid();
      // As a refund made days ago leaves it: Stripe no longer knows its idempotency key.
      const earlier = fake.put({
        id: 're_earlier1', object: 'refund', amount: 1287, currency: 'usd', payment_intent: paymentId, status: 'succeeded',
        metadata: { reason: 'x', refund_key: 'refund:ord_days_ago' }, created: 1,
      });
      fake.put({ id: 're_failed1', object: 'refund', amount: 1287, currency: 'usd', payment_intent: paymentId, status: 'failed', metadata: { refund_key: 'refund:ord_failed' }, created: 1 });
      const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;
      const before = creates();
      const request = { paymentReference: paymentId, amountCents: 1287, currency: 'USD', reason: 'x' };
      expect(await stripe.refundPayment({ ...request, idempotencyKey: 'refund:ord_days_ago' })).toEqual({ refundId: earlier.id });
      expect(creates()).toBe(before);
      expect(lastRequest('GET', '/v1/refunds').params).toMatchObject({ payment_intent: paymentId });
      // A failed refund made nothing: the request is made again.
      expect((await stripe.refundPayment({ ...request, idempotencyKey: 'refund:ord_failed' })).refundId).not.toBe('re_failed1');
      expect(creates()).toBe(before + 1);
      expect(lastRequest('POST', '/v1/refunds').params).toMatchObject({ metadata: { refund_key: 'refund:ord_failed' } });
    });
  });

  describe('errors', () => {
    it('a refused key says payments are misconfigured, without the key', async () => {
      const revoked = stripeProviderAt(fake.url, REVOKED_KEY);
      const error = await rejectionOf(revoked.retrieveInvoice('in_1'));
      expect(error).toMatchObject({ kind: 'misconfigured', message: PROVIDER_MISCONFIGURED });
      expect(JSON.stringify({ ...error, message: error.message })).not.toContain('sk_');
    });

    it('an unreachable Stripe is "unavailable", with a message to retry', async () => {
      const closed = await startFakeStripe();
      await closed.close();
      const error = await rejectionOf(stripeProviderAt(closed.url).retrieveInvoice('in_1'));
      expect(error).toMatchObject({ kind: 'unavailable', message: PROVIDER_UNAVAILABLE });
    });
  });
});

function stripeSubscription(id: string, customer: string, price: object) {
  return {
    id, object: 'subscription', customer, status: 'active', cancel_at_period_end: false, canceled_at: null, ended_at: null,
    created: 1_700_000_000, metadata: { accountId: 'acc_1' }, livemode: false, collection_method: 'charge_automatically',
    items: { object: 'list', has_more: false, data: [{
      id: 'si_1', object: 'subscription_item', quantity: 1, current_period_start: 1_700_000_000, current_period_end: 1_702_592_000, price,
    }] },
  };
}

function stripeInvoice(id: string, customer: string, subscription: string, price: string) {
  return {
    id, object: 'invoice', number: 'ABCD-0001', customer, customer_email: 'billing@example.test', customer_name: 'Acme', status: 'paid',
    currency: 'usd', subtotal: 999, total: 999, amount_due: 999, amount_paid: 999, attempt_count: 1, created: 1_700_000_000,
    period_start: 1_700_000_000, period_end: 1_700_000_000, status_transitions: { paid_at: 1_700_000_001, finalized_at: 1_700_000_000 },
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription, metadata: { accountId: 'acc_1' } } },
    lines: { object: 'list', has_more: false, data: [{
      id: 'il_1', object: 'line_item', description: '1 × Basic Hosting (at $9.99 / month)', amount: 999, currency: 'usd', quantity: 1,
      period: { start: 1_700_000_000, end: 1_702_592_000 },
      pricing: { type: 'price_details', price_details: { price, product: 'prod_1' }, unit_amount_decimal: '999' },
    }] },
    metadata: {}, livemode: false,
  };
}
