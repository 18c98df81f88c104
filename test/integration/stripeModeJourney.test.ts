import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_NOT_ACTIVATED } from '../../src/common/billing/contract.ts';
import type { FnInput, FunctionName } from '../../src/common/contracts/index.ts';

import { WEBHOOK_SIGNATURE_INVALID } from '../../src/server/integrations/payments/provider.ts';
import { accountWithMembers, type AccountWithMembers, createUser, makeGlobalSuperAdmin } from '../support/factories.ts';
import { type FakeStripe, STRIPE_TEST_WEBHOOK_SECRET as SECRET, startFakeStripe, stripeModeEnv } from '../support/payments/fakeStripe.ts';
import { payCheckout, payInvoice, renewSubscription } from '../support/payments/fakeStripeBilling.ts';
import { billingJobsSettled, paymentRecords } from '../support/billing/paymentRecords.ts';
import { signedWebhook, stripeEvent } from '../support/payments/stripeWebhooks.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';

/**
 * Stripe mode end to end, through HTTP: the real adapter against the local fake of Stripe's API,
 * Stripe's webhooks signed with the SDK and POSTed to the real endpoint, the job workers running.
 * One story, step by step: an operator's plan, a checkout, its webhooks out of order and
 * replayed, a cancellation reported late, a failed renewal, forged deliveries, the portal.
 */

const PLAN = 'Journey Business';
/** Stripe's clock for this story (Unix seconds): the payment an hour ago, the renewal a month later. */
const T = Math.floor(Date.now() / 1000) - 3600;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

type StripeEvent = ReturnType<typeof stripeEvent>;

interface Customer {
  a: AccountWithMembers;
  billingEmail: string;
  sessionId: string;
  paid: ReturnType<typeof payCheckout>;
  /** The webhooks of the payment, in the order Stripe sent them. */
  events: { completed: StripeEvent; subscriptionCreated: StripeEvent; invoicePaid: StripeEvent };
}

describeEachDialect('Stripe mode: the whole journey through HTTP, against a fake Stripe', (dialect) => {
  let fake: FakeStripe;
  let t: TestApp;
  let operator: TestUser;
  const errorLog: string[] = [];
  const plan = { productId: '', priceId: '', stripeProductId: '', stripePriceId: '', legacyProductId: '', legacyStripeProductId: '' };
  let first: Customer;
  let second: Customer;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(dialect, { env: stripeModeEnv(fake), runWorkers: true, errorLog });
    operator = await createUser(t);
    await makeGlobalSuperAdmin(t, operator);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  const lastRequest = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path).at(-1)!;
  /** The event as Stripe would send it now: a copy, so later changes at the fake do not reach an event already sent. */
  const eventOf = (type: string, object: object, created: number) => stripeEvent(type, structuredClone(object), created);
  const post = (event: StripeEvent | string, header: string) => t.app.inject({
    method: 'POST', url: '/api/webhooks/stripe', payload: typeof event === 'string' ? event : JSON.stringify(event),
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
  });
  /** One delivery, signed as Stripe signs it (a redelivery is signed again, with the same body). */
  async function deliver(event: StripeEvent) {
    const { payload, header } = signedWebhook(event, SECRET);
    const res = await post(payload, header);
    expect(res.statusCode, `${event.type}: ${res.body}`).toBe(200);
    expect(res.json()).toEqual({ received: true });
  }

  const settled = () => billingJobsSettled(t);
  const paymentState = () => paymentRecords(t);

  /** Delivers an event, then again as a redelivery: 200 both times, and the second changes nothing. */
  async function deliverTwice(event: StripeEvent) {
    await deliver(event);
    await settled();
    const before = await paymentState();
    await deliver(event);
    await settled();
    expect(await paymentState()).toEqual(before);
  }

  const call = async <N extends FunctionName>(name: N, data: FnInput<N>, as: TestUser) => {
    const res = await t.call(name, data, as);
    expect(res.status, `${name}: ${JSON.stringify(res.error)}`).toBe(200);
    return res.result;
  };
  const overview = (c: Customer) => call('getBillingOverview', { accountId: c.a.accountId }, c.a.owner);
  const dashboard = (c: Customer) => call('getDashboard', { accountId: c.a.accountId }, c.a.owner);
  const mailsTo = async (c: Customer, subject: string) => (await t.outbox(c.billingEmail)).filter((m) => m.subject === subject);
  const platformEventsOf = async (accountId: string, type?: string) => (await t.services.db.selectFrom('platform_events')
    .select(['event_type', 'severity', 'source', 'payload']).where('account_id', '=', accountId).where('event_type', 'like', 'payment.%')
    .$if(type !== undefined, (q) => q.where('event_type', '=', type!)).orderBy('created_at').execute())
    .map((e) => ({ type: e.event_type, severity: e.severity, source: e.source, payload: JSON.parse(e.payload) }));

  describe('1. the operator\'s catalogue', () => {
    it('a product and its monthly price are created at Stripe with the spec\'s metadata, and kept here under Stripe\'s ids', async () => {
      const { product } = await call('adminSaveProduct', {
        name: PLAN, description: 'Five sites and daily backups.', category: 'Hosting', popular: true, features: ['5 websites', 'Daily backups'], active: true,
      }, operator);
      const productRequest = lastRequest('POST', '/v1/products');
      expect(productRequest.params).toEqual({
        name: PLAN, description: 'Five sites and daily backups.', active: 'true', metadata: { Category: 'Hosting', popular: 'true' },
        marketing_features: [{ name: '5 websites' }, { name: 'Daily backups' }],
      });
      expect(productRequest.idempotencyKey).toMatch(new RegExp(`^product:${product.id}:`));
      expect(fake.get(product.providerProductId!)).toMatchObject({ object: 'product', name: PLAN, active: true });

      const { price } = await call('adminSavePrice', { productId: product.id, unitAmount: 2999, currency: 'USD', interval: 'month', active: true }, operator);
      expect(lastRequest('POST', '/v1/prices').params).toEqual({
        product: product.providerProductId, unit_amount: '2999', currency: 'usd', active: 'true', recurring: { interval: 'month' },
      });
      expect(fake.get(price.providerPriceId!)).toMatchObject({ object: 'price', product: product.providerProductId, unit_amount: 2999, currency: 'usd', recurring: { interval: 'month' } });
      Object.assign(plan, { productId: product.id, priceId: price.id, stripeProductId: product.providerProductId, stripePriceId: price.providerPriceId });

      const [productRow, priceRow] = await Promise.all([
        t.services.db.selectFrom('products').select('provider_product_id').where('id', '=', product.id).executeTakeFirstOrThrow(),
        t.services.db.selectFrom('prices').select('provider_price_id').where('id', '=', price.id).executeTakeFirstOrThrow(),
      ]);
      expect(productRow.provider_product_id).toBe(plan.stripeProductId);
      expect(priceRow.provider_price_id).toBe(plan.stripePriceId);

      const { products } = await call('listProducts', { category: 'Hosting' }, operator);
      expect(products).toContainEqual({
        id: plan.productId, name: PLAN, description: 'Five sites and daily backups.', category: 'Hosting', popular: true,
        features: ['5 websites', 'Daily backups'], prices: [{ id: plan.priceId, unitAmount: 2999, currency: 'USD', interval: 'month' }], orderFields: [],
      });
    });

    it('a product deactivated in Stripe\'s dashboard leaves the shop after a sync; the plan stays', async () => {
      const { product } = await call('adminSaveProduct', { name: 'Journey Legacy', description: 'Old plan.', category: 'Hosting', popular: false, features: [], active: true }, operator);
      await call('adminSavePrice', { productId: product.id, unitAmount: 500, currency: 'USD', interval: 'month', active: true }, operator);
      plan.legacyProductId = product.id;
      plan.legacyStripeProductId = product.providerProductId!;
      expect((await call('listProducts', { category: 'Hosting' }, operator)).products.map((p: { name: string }) => p.name)).toEqual([PLAN, 'Journey Legacy']);

      // Changed at Stripe only: no webhook reached the portal.
      const atStripe = fake.get(plan.legacyStripeProductId);
      Object.assign(atStripe, { active: false, updated: atStripe.updated + 60 });
      const synced = await call('syncPaymentCatalog', {}, operator);
      expect(synced).toEqual({ mode: 'stripe', products: 2, prices: 2, message: 'Synchronised 2 products and 2 prices from Stripe.' });
      expect(lastRequest('GET', '/v1/products').params).toMatchObject({ limit: '100' });

      expect((await call('listProducts', { category: 'Hosting' }, operator)).products.map((p: { name: string }) => p.name)).toEqual([PLAN]);
      const admin = await call('adminListProducts', {}, operator);
      expect(admin.mode).toBe('stripe');
      expect(admin.products.find((p: { id: string }) => p.id === plan.legacyProductId)).toMatchObject({ active: false, providerProductId: plan.legacyStripeProductId });
      expect(admin.products.find((p: { id: string }) => p.id === plan.productId)).toMatchObject({ active: true, popular: true, category: 'Hosting' });
    });
  });

  /** An account with a billing profile whose owner started a checkout for the plan; Stripe's ids of what the payment made. */
  async function checkoutPaid(label: string): Promise<Customer> {
    const a = await accountWithMembers(t);
    const billingEmail = `billing-${label}-${a.accountId.slice(0, 6)}@example.test`.toLowerCase();
    await call('updateBillingProfile', { accountId: a.accountId, billingName: `Billing ${label}`, billingEmail, billingAddress: '1 Main St\nSpringfield', taxId: 'VAT-42' }, a.owner);
    const started = await call('createStripeCheckoutSession', { priceId: plan.priceId, accountId: a.accountId }, a.owner);
    const paid = payCheckout(fake, started.sessionId, T);
    return {
      a, billingEmail, sessionId: started.sessionId, paid,
      events: {
        completed: eventOf('checkout.session.completed', paid.session, T),
        subscriptionCreated: eventOf('customer.subscription.created', paid.subscription, T),
        invoicePaid: eventOf('invoice.paid', paid.invoice, T),
      },
    };
  }

  describe('2. Start Now', () => {
    it('asks Stripe for a subscription checkout of the plan\'s Stripe price, for this account, once', async () => {
      const a = await accountWithMembers(t);
      const billingEmail = `billing-start-${a.accountId.slice(0, 6)}@example.test`.toLowerCase();
      await call('updateBillingProfile', { accountId: a.accountId, billingName: 'Ada', billingEmail, billingAddress: '', taxId: '' }, a.owner);
      const started = await call('createStripeCheckoutSession', { priceId: plan.priceId, accountId: a.accountId }, a.owner);

      const request = lastRequest('POST', '/v1/checkout/sessions');
      const ours = await t.services.db.selectFrom('checkout_sessions').selectAll().where('provider_session_id', '=', started.sessionId).executeTakeFirstOrThrow();
      expect(request.params).toEqual({
        mode: 'subscription',
        line_items: [{ price: plan.stripePriceId, quantity: '1' }],
        client_reference_id: a.accountId,
        metadata: { accountId: a.accountId, checkoutSessionId: ours.id, userId: a.owner.id, purpose: 'subscription' },
        subscription_data: { metadata: { accountId: a.accountId, checkoutSessionId: ours.id } },
        success_url: 'http://localhost:3000/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/services?checkout=cancelled',
        customer_email: billingEmail,
      });
      expect(request.idempotencyKey).toBe(`checkout:${ours.id}`);
      expect(request.authorization).toBe('Bearer sk_test_x');

      const session = fake.get(started.sessionId);
      expect(started).toEqual({ sessionId: session.id, url: session.url });
      expect(started.url.startsWith(`${fake.url}/c/pay/cs_test_`)).toBe(true);
      expect(ours).toMatchObject({ account_id: a.accountId, user_id: a.owner.id, price_id: plan.priceId, mode: 'subscription', status: 'open', url: started.url });
    });
  });

  describe('3. the payment\'s webhooks, in any order', () => {
    beforeAll(async () => {
      first = await checkoutPaid('first');
      second = await checkoutPaid('second');
    });

    it('invoice.paid first, then the checkout and the subscription: an active plan, a paid invoice, one confirmation', async () => {
      // Stripe guarantees no order: the invoice before anything that names the account's customer.
      await deliver(first.events.invoicePaid);
      await deliver(first.events.completed);
      await deliver(first.events.subscriptionCreated);
      await settled();

      const { subscription, invoice, customer } = first.paid;
      const periodEnd = subscription.items.data[0].current_period_end;
      const billing = await overview(first);
      expect(billing.customerId).toBe(customer.id);
      expect(billing.paymentMode).toBe('stripe');
      expect(billing.subscriptions).toEqual([{
        id: expect.any(String), productName: PLAN, status: 'active', unitAmount: 2999, currency: 'USD', interval: 'month',
        currentPeriodEnd: iso(periodEnd), cancelAtPeriodEnd: false, canceledAt: null,
      }]);
      expect(billing.latestInvoice).toEqual({
        id: expect.any(String), number: invoice.number, invoiceDate: iso(T), amountCents: 2999, currency: 'USD', status: 'paid',
        periodStart: iso(T), periodEnd: iso(periodEnd), refundedCents: 0, refundedAt: null,
      });

      const listed = await call('listInvoices', { accountId: first.a.accountId }, first.a.owner);
      expect(listed).toEqual({ invoices: [billing.latestInvoice], nextCursor: null });
      const { invoice: detail } = await call('getInvoice', { invoiceId: billing.latestInvoice!.id }, first.a.owner);
      expect(detail).toMatchObject({
        accountId: first.a.accountId, status: 'paid', subtotalCents: 2999, taxCents: 0, paidAt: iso(T),
        billingName: 'Billing first', billingEmail: first.billingEmail, billingAddress: '1 Main St\nSpringfield', taxId: 'VAT-42',
        lines: [{ description: `1 × ${PLAN} (at $29.99 / month)`, quantity: 1, unitAmountCents: 2999, amountCents: 2999, periodStart: iso(T), periodEnd: iso(periodEnd) }],
        pdfPath: `/api/invoices/${billing.latestInvoice!.id}.pdf`,
      });
      expect((await dashboard(first)).lastInvoice).toEqual({ id: detail.id, amountCents: 2999, currency: 'USD', invoiceDate: iso(T), status: 'paid' });

      expect(await mailsTo(first, `Your ${PLAN} subscription is active`)).toHaveLength(1);
      const checkout = await t.services.db.selectFrom('checkout_sessions').select(['status', 'completed_at']).where('provider_session_id', '=', first.sessionId).executeTakeFirstOrThrow();
      expect(checkout.status).toBe('complete');
      expect(checkout.completed_at).not.toBeNull();
      expect((await platformEventsOf(first.a.accountId)).map((e) => e.type).sort()).toEqual([
        'payment.checkout.completed', 'payment.customer.created', 'payment.invoice.paid', 'payment.subscription.created',
      ]);
      expect((await platformEventsOf(first.a.accountId)).every((e) => e.source === 'stripe')).toBe(true);
    });

    it('the invoice\'s PDF is the owner\'s to download, and another account\'s owner finds nothing', async () => {
      const invoiceId = (await overview(first)).latestInvoice!.id;
      const pdf = (as: TestUser) => t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceId}.pdf`, headers: { authorization: `Bearer ${as.token}` } });
      const own = await pdf(first.a.owner);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const foreign = await pdf(second.a.owner);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain('%PDF');
      expect((await t.call('getInvoice', { invoiceId }, second.a.owner)).status).toBe(404);
    });

    it('the same webhooks in Stripe\'s order, for another account, end in the same state', async () => {
      await deliver(second.events.completed);
      await deliver(second.events.subscriptionCreated);
      await deliver(second.events.invoicePaid);
      await settled();
      expect(await comparable(second)).toEqual(await comparable(first));
      expect((await overview(second)).customerId).toBe(second.paid.customer.id);
    });

    /** What the owner sees, without what is the account's own (ids, the invoice number, the billing contact). */
    async function comparable(c: Customer) {
      const billing = await overview(c);
      const { id: _id, number: _number, ...latest } = billing.latestInvoice!;
      const { invoice: detail } = await call('getInvoice', { invoiceId: billing.latestInvoice!.id }, c.a.owner);
      return {
        subscriptions: billing.subscriptions.map(({ id: _s, ...s }: { id: string }) => s),
        latest,
        invoices: (await call('listInvoices', { accountId: c.a.accountId }, c.a.owner)).invoices.length,
        lines: detail.lines,
        events: (await platformEventsOf(c.a.accountId)).map((e) => e.type).sort(),
        confirmations: (await mailsTo(c, `Your ${PLAN} subscription is active`)).length,
      };
    }
  });

  describe('4. redeliveries', () => {
    it('every webhook of both payments delivered again, in Stripe\'s order: 200 each time, and nothing changes', async () => {
      const before = await paymentState();
      for (const c of [first, second]) {
        for (const event of [c.events.completed, c.events.subscriptionCreated, c.events.invoicePaid]) await deliver(event);
      }
      await settled();
      expect(await paymentState()).toEqual(before);
    });
  });

  describe('5. a late, older subscription update', () => {
    it('cancelling at the period\'s end holds against an older update delivered after it; resuming then shows', async () => {
      const subscriptionId = first.paid.subscription.id;
      const atStripe = fake.get(subscriptionId);
      // An earlier change (made at T + 50) whose webhook Stripe delivers late.
      const older = eventOf('customer.subscription.updated', { ...atStripe, metadata: { ...atStripe.metadata, note: 'earlier' } }, T + 50);
      Object.assign(atStripe, { cancel_at_period_end: true, cancel_at: atStripe.items.data[0].current_period_end, canceled_at: T + 100 });
      const newer = eventOf('customer.subscription.updated', atStripe, T + 100);

      await deliverTwice(newer);
      const expected = { status: 'active', cancelAtPeriodEnd: true, canceledAt: iso(T + 100) };
      expect((await overview(first)).subscriptions).toMatchObject([expected]);
      await deliverTwice(older);
      expect((await overview(first)).subscriptions).toMatchObject([expected]);

      Object.assign(atStripe, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
      await deliverTwice(eventOf('customer.subscription.updated', atStripe, T + 200));
      expect((await overview(first)).subscriptions).toMatchObject([{ status: 'active', cancelAtPeriodEnd: false, canceledAt: null }]);
    });
  });

  describe('6. a renewal whose payment fails', () => {
    let renewal: ReturnType<typeof renewSubscription>;
    let renewedAt: number;
    const pastDueSubject = `Payment failed for your ${PLAN} subscription`;

    beforeAll(() => {
      renewedAt = first.paid.subscription.items.data[0].current_period_end;
      renewal = renewSubscription(fake, first.paid.subscription.id, { paid: false });
    });

    it('invoice.payment_failed makes the plan past due on /billing and the dashboard, mails the billing contact once, and is recorded', async () => {
      await deliverTwice(eventOf('invoice.payment_failed', renewal.invoice, renewedAt));

      const billing = await overview(first);
      expect(billing.subscriptions).toMatchObject([{ status: 'past_due', productName: PLAN }]);
      expect(billing.latestInvoice).toMatchObject({ number: renewal.invoice.number, status: 'open', amountCents: 2999, invoiceDate: iso(renewedAt) });
      expect((await dashboard(first)).pastDueSubscription).toEqual({ id: billing.subscriptions[0].id, productName: PLAN });

      const mails = await mailsTo(first, pastDueSubject);
      expect(mails).toHaveLength(1);
      expect(mails[0].text_body).toContain('$29.99');
      expect(mails[0].text_body).toContain('http://localhost:3000/billing');
      expect(await platformEventsOf(first.a.accountId, 'payment.invoice.payment_failed')).toEqual([{
        type: 'payment.invoice.payment_failed', severity: 'warning', source: 'stripe',
        payload: { invoiceId: billing.latestInvoice!.id, number: renewal.invoice.number, amountCents: 2999, currency: 'USD', attempt: 1 },
      }]);

      // Stripe also reports the subscription past due, in the same second: no second mail. The same
      // clock as the failure's leaves the order in doubt, so the portal reads the subscription back from Stripe.
      const rereads = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${renewal.subscription.id}`).length;
      const rereadsBefore = rereads();
      await deliverTwice(eventOf('customer.subscription.updated', renewal.subscription, renewedAt));
      expect(rereads()).toBe(rereadsBefore + 1);
      expect((await overview(first)).subscriptions).toMatchObject([{ status: 'past_due' }]);
      expect(await mailsTo(first, pastDueSubject)).toHaveLength(1);
    });

    it('the renewal invoice is listed with the period it bills, after the first one', async () => {
      const newPeriodEnd = renewal.subscription.items.data[0].current_period_end;
      const { invoices } = await call('listInvoices', { accountId: first.a.accountId }, first.a.owner);
      expect(invoices.map((i) => [i.number, i.status, i.periodStart, i.periodEnd])).toEqual([
        [renewal.invoice.number, 'open', iso(renewedAt), iso(newPeriodEnd)],
        [first.paid.invoice.number, 'paid', iso(T), iso(renewedAt)],
      ]);
    });

    it('paid later, the plan is active again and the dashboard stops warning', async () => {
      const paidAt = renewedAt + 3600;
      const settledAtStripe = payInvoice(fake, renewal.invoice.id, paidAt);
      await deliverTwice(eventOf('invoice.paid', settledAtStripe.invoice, paidAt));
      const billing = await overview(first);
      expect(billing.subscriptions).toMatchObject([{ status: 'active' }]);
      expect(billing.latestInvoice).toMatchObject({ number: renewal.invoice.number, status: 'paid' });
      expect((await dashboard(first)).pastDueSubscription).toBeNull();

      await deliverTwice(eventOf('customer.subscription.updated', settledAtStripe.subscription, paidAt));
      expect((await overview(first)).subscriptions).toMatchObject([{ status: 'active' }]);
      expect(await mailsTo(first, pastDueSubject)).toHaveLength(1);
    });
  });

  describe('7. forged deliveries', () => {
    it('a bad signature, and one made with another endpoint\'s secret: 400, and nothing changes', async () => {
      const before = await paymentState();
      const atStripe = first.paid.subscription;
      const forged = [
        eventOf('customer.subscription.deleted', { ...atStripe, status: 'canceled', ended_at: T + 9000 }, T + 9000),
        eventOf('invoice.voided', { ...first.paid.invoice, status: 'void' }, T + 9000),
      ];
      for (const event of forged) {
        const payload = JSON.stringify(event);
        const madeUp = await post(payload, `t=${Math.floor(Date.now() / 1000)},v1=${'5'.repeat(64)}`);
        const foreign = signedWebhook(event, 'whsec_another_endpoint');
        const otherSecret = await post(foreign.payload, foreign.header);
        for (const res of [madeUp, otherSecret]) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: WEBHOOK_SIGNATURE_INVALID } });
        }
      }
      await settled();
      expect(await paymentState()).toEqual(before);
      expect((await overview(first)).subscriptions).toMatchObject([{ status: 'active' }]);
    });
  });

  describe('8. Manage Payment Methods', () => {
    it('opens Stripe\'s billing portal for the account\'s customer, coming back to /billing', async () => {
      const link = await call('createAccountStripePortalLink', { accountId: first.a.accountId }, first.a.owner);
      const request = lastRequest('POST', '/v1/billing_portal/sessions');
      expect(request.params).toEqual({ customer: first.paid.customer.id, return_url: `${t.services.config.PUBLIC_URL}/billing` });
      const session = fake.get(new URL(link.url).pathname.split('/').at(-1)!);
      expect(session).toMatchObject({ object: 'billing_portal.session', customer: first.paid.customer.id, url: link.url });
      expect(link.url.startsWith(`${fake.url}/p/session/bps_`)).toBe(true);
    });

    it('an account that never paid has no portal to open', async () => {
      const a = await accountWithMembers(t);
      const before = fake.requests.length;
      const res = await t.call('createAccountStripePortalLink', { accountId: a.accountId }, a.owner);
      expect(res.error).toEqual({ status: 'FAILED_PRECONDITION', message: BILLING_NOT_ACTIVATED });
      expect(fake.requests.length).toBe(before);
    });
  });

  it('logged no error along the way', () => {
    expect(errorLog).toEqual([]);
  });
});
