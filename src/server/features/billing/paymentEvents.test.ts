import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { accountWithMembers, type AccountWithMembers, addMember, createUser } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import type { PaymentEvent, ProviderSubscription } from '../../integrations/payments/events.ts';
import { writeTestObject } from '../../integrations/payments/testMode/testProvider.ts';
import { CHECKOUT_FULFILMENT_QUEUE, type CheckoutFulfilmentJob, fulfilCheckout } from './checkout/fulfilment.ts';
import { checkoutSession, eventOf, invoice, providerId, subscription } from '../../../../test/support/billing/paymentEvents.ts';
import { SUBSCRIPTION_REFRESH_QUEUE, type SubscriptionRefreshJob } from './subscriptionSync.ts';
import { refreshSubscription } from './workers.ts';
import { waitFor } from '../../../../test/support/waitFor.ts';

const DAY = 86_400;
const T = 1_790_000_000;

describeEachDialect('payment events: checkout, subscriptions and invoices', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  /** An account whose owner started a checkout for a monthly plan, and the provider's ids of what follows. */
  async function startedCheckout(options: { billingEmail?: boolean } = {}) {
    const a = await accountWithMembers(t);
    const billingEmail = `billing-${randomBytes(4).toString('hex')}@example.test`;
    if (options.billingEmail !== false) {
      await t.call('updateBillingProfile', { accountId: a.accountId, billingName: 'Ada Billing', billingEmail, billingAddress: '1 Main St', taxId: 'VAT-7' }, a.owner);
    }
    const { priceIds: [priceId] } = await createPlan(t, { name: `Business ${randomBytes(3).toString('hex')}`, prices: [{ unitAmount: 1999, interval: 'month' }] });
    const planName = (await t.services.db.selectFrom('prices').innerJoin('products', 'products.id', 'prices.product_id')
      .select('products.name').where('prices.id', '=', priceId).executeTakeFirstOrThrow()).name;
    const started = await t.call('createStripeCheckoutSession', { priceId, accountId: a.accountId }, a.owner);
    const row = await t.services.db.selectFrom('checkout_sessions').select('id').where('provider_session_id', '=', started.result.sessionId).executeTakeFirstOrThrow();
    return {
      a, priceId, planName, billingEmail, checkoutId: row.id, sessionId: started.result.sessionId as string,
      customer: providerId('cus'), subscriptionId: providerId('sub'), invoiceId: providerId('in'),
    };
  }
  type Story = Awaited<ReturnType<typeof startedCheckout>>;

  const completed = (s: Story, created = T) => eventOf('checkout.session.completed', checkoutSession({
    id: s.sessionId, accountId: s.a.accountId, checkoutSessionId: s.checkoutId, customer: s.customer, subscription: s.subscriptionId, created,
  }), created);
  const subscriptionObject = (s: Story, o: Partial<Parameters<typeof subscription>[0]> = {}) => subscription({
    id: s.subscriptionId, customer: s.customer, accountId: s.a.accountId, priceId: s.priceId, unitAmount: 1999, periodStart: T, ...o,
  });
  const subscriptionEvent = (type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted', object: ProviderSubscription, created: number) =>
    eventOf(type, object, created);
  const firstInvoice = (s: Story, status: 'paid' | 'open', created = T) => invoice({
    id: s.invoiceId, customer: s.customer, subscription: s.subscriptionId, accountId: s.a.accountId, status, number: `INV-${s.invoiceId.slice(-6)}`,
    created, periodStart: T, periodEnd: T + 30 * DAY, priceId: s.priceId, subtotal: 1999, lines: [{ description: '1 × Business (at $19.99 / month)', amount: 1999 }],
  });
  const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed' | 'invoice.finalized' | 'invoice.voided', object: ReturnType<typeof invoice>, created: number) =>
    eventOf(type, object, created);

  const receive = async (...events: PaymentEvent[]) => {
    const results = [];
    for (const event of events) results.push((await t.services.receivePaymentEvent(event)).applied);
    return results;
  };
  const overview = async (s: Story) => (await t.call('getBillingOverview', { accountId: s.a.accountId }, s.a.member)).result;
  const dashboard = async (s: Story) => (await t.call('getDashboard', { accountId: s.a.accountId }, s.a.member)).result;
  const jobsOf = async <P>(queue: string, key?: string) => (await t.services.db.selectFrom('jobs').select(['payload', 'singleton_key'])
    .where('queue', '=', queue).$if(key !== undefined, (q) => q.where('singleton_key', '=', key!)).execute())
    .map((job) => ({ key: job.singleton_key, payload: JSON.parse(job.payload) as P }));
  const platformEvents = async (accountId: string) => (await t.services.db.selectFrom('platform_events')
    .select(['event_type', 'severity', 'payload']).where('account_id', '=', accountId).where('event_type', 'like', 'payment.%')
    .orderBy('created_at').execute()).map((e) => ({ type: e.event_type, severity: e.severity, payload: JSON.parse(e.payload) }));
  const invoiceCount = async (accountId: string) => (await t.services.db.selectFrom('invoices').select('id').where('account_id', '=', accountId).execute()).length;

  async function fulfil(s: Story) {
    const [job] = await jobsOf<CheckoutFulfilmentJob>(CHECKOUT_FULFILMENT_QUEUE, s.sessionId);
    await fulfilCheckout(t.services, job.payload);
  }

  describe('a checkout, its subscription and its first invoice', () => {
    let s: Story;
    let story: PaymentEvent[];
    beforeAll(async () => {
      s = await startedCheckout();
      story = [
        completed(s),
        subscriptionEvent('customer.subscription.created', subscriptionObject(s), T),
        invoiceEvent('invoice.paid', firstInvoice(s, 'paid'), T),
      ];
      expect(await receive(...story)).toEqual([true, true, true]);
    });

    it('give the account its customer, an active subscription and a paid invoice, on /billing and the dashboard', async () => {
      const billing = await overview(s);
      expect(billing.customerId).toBe(s.customer);
      expect(billing.subscriptions).toEqual([{
        id: expect.any(String), productName: s.planName, status: 'active', unitAmount: 1999, currency: 'USD', interval: 'month',
        currentPeriodEnd: new Date((T + 30 * DAY) * 1000).toISOString(), cancelAtPeriodEnd: false, canceledAt: null,
      }]);
      expect(billing.latestInvoice).toMatchObject({ number: `INV-${s.invoiceId.slice(-6)}`, amountCents: 1999, currency: 'USD', status: 'paid' });

      const listed = (await t.call('listInvoices', { accountId: s.a.accountId }, s.a.member)).result.invoices;
      expect(listed).toHaveLength(1);
      const detail = (await t.call('getInvoice', { invoiceId: listed[0].id }, s.a.member)).result.invoice;
      expect(detail).toMatchObject({
        status: 'paid', amountCents: 1999, subtotalCents: 1999, taxCents: 0, paidAt: new Date(T * 1000).toISOString(),
        invoiceDate: new Date(T * 1000).toISOString(),
        // The invoice's own period is empty, as Stripe makes it; the period billed is its line's.
        periodStart: new Date(T * 1000).toISOString(), periodEnd: new Date((T + 30 * DAY) * 1000).toISOString(),
        billingName: 'Ada Billing', billingEmail: s.billingEmail, billingAddress: '1 Main St', taxId: 'VAT-7',
        lines: [{ description: '1 × Business (at $19.99 / month)', quantity: 1, unitAmountCents: 1999, amountCents: 1999, periodStart: expect.any(String), periodEnd: expect.any(String) }],
      });
      expect((await dashboard(s)).lastInvoice).toEqual({
        id: listed[0].id, amountCents: 1999, currency: 'USD', invoiceDate: new Date(T * 1000).toISOString(), status: 'paid',
      });
      expect((await dashboard(s)).pastDueSubscription).toBeNull();
    });

    it('record what happened for the event system, once each', async () => {
      expect((await platformEvents(s.a.accountId)).map((e) => e.type).sort()).toEqual([
        'payment.checkout.completed', 'payment.customer.created', 'payment.invoice.paid', 'payment.subscription.created',
      ]);
      const row = await t.services.db.selectFrom('checkout_sessions').select(['status']).where('id', '=', s.checkoutId).executeTakeFirstOrThrow();
      expect(row.status).toBe('complete');
    });

    it('leave the confirmation to one durable job, which mails the billing contact once however often it runs', async () => {
      const jobs = await jobsOf<CheckoutFulfilmentJob>(CHECKOUT_FULFILMENT_QUEUE, s.sessionId);
      expect(jobs).toEqual([{ key: s.sessionId, payload: { checkoutSessionId: s.checkoutId, providerSubscriptionId: s.subscriptionId, completedAt: T } }]);
      await fulfil(s);
      await fulfil(s);
      const mails = await t.outbox(s.billingEmail);
      expect(mails.map((m) => m.subject)).toEqual([`Your ${s.planName} subscription is active`]);
      expect(mails[0].text_body).toContain('http://localhost:3000/billing');
      const row = await t.services.db.selectFrom('checkout_sessions').select('completed_at').where('id', '=', s.checkoutId).executeTakeFirstOrThrow();
      expect(row.completed_at).not.toBeNull();
    });

    it('replayed, change nothing: no second invoice, event, job or mail', async () => {
      const before = { billing: await overview(s), events: await platformEvents(s.a.accountId), mails: await t.outbox(s.billingEmail) };
      expect(await receive(...story)).toEqual([false, false, false]);
      expect(await overview(s)).toEqual(before.billing);
      expect(await platformEvents(s.a.accountId)).toEqual(before.events);
      expect(await t.outbox(s.billingEmail)).toEqual(before.mails);
      expect(await invoiceCount(s.a.accountId)).toBe(1);
      expect(await jobsOf(CHECKOUT_FULFILMENT_QUEUE, s.sessionId)).toHaveLength(1);
    });

    it('stay out of reach of another account\'s member: the invoice and its PDF', async () => {
      const invoiceId = (await overview(s)).latestInvoice!.id;
      const [host, stranger] = await Promise.all([createUser(t), createUser(t)]);
      const other = await t.call('createAccount', { accountName: 'Elsewhere' }, host);
      await addMember(t, other.result.account.id, stranger, 'member');
      expect((await t.call('getInvoice', { invoiceId }, stranger)).status).toBe(404);
      const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceId}.pdf`, headers: { authorization: `Bearer ${stranger.token}` } });
      expect(pdf.statusCode).toBe(404);
      expect(pdf.body).not.toContain('%PDF');
      expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceId}.pdf`, headers: { authorization: `Bearer ${s.a.member.token}` } })).statusCode).toBe(200);
    });
  });

  it('delivered out of order, the same events end in the same state', async () => {
    const s = await startedCheckout();
    const paid = firstInvoice(s, 'paid', T + 2);
    expect(await receive(
      invoiceEvent('invoice.paid', paid, T + 2),
      // Older reports arriving late: the invoice was open before it was paid; the subscription was incomplete before it was active.
      invoiceEvent('invoice.finalized', { ...paid, status: 'open', status_transitions: { paid_at: null } }, T + 1),
      subscriptionEvent('customer.subscription.updated', subscriptionObject(s, { cancelAtPeriodEnd: true }), T + 3),
      subscriptionEvent('customer.subscription.created', subscriptionObject(s, { status: 'incomplete' }), T),
      completed(s, T + 1),
    )).toEqual([true, true, true, true, true]);

    const billing = await overview(s);
    expect(billing.customerId).toBe(s.customer);
    expect(billing.subscriptions).toMatchObject([{ status: 'active', cancelAtPeriodEnd: true, productName: s.planName }]);
    expect(billing.latestInvoice).toMatchObject({ status: 'paid', amountCents: 1999 });
    expect(await invoiceCount(s.a.accountId)).toBe(1);
    // The invoice reached us before its subscription: the account came from the subscription's metadata on it.
    expect((await dashboard(s)).lastInvoice).toMatchObject({ status: 'paid' });
  });

  it('an older subscription report changes nothing; one of the same second is settled by reading the subscription again', async () => {
    const s = await startedCheckout();
    await receive(subscriptionEvent('customer.subscription.created', subscriptionObject(s), T + 10));
    await receive(subscriptionEvent('customer.subscription.updated', subscriptionObject(s, { status: 'canceled', canceledAt: T + 5 }), T + 5));
    expect((await overview(s)).subscriptions).toMatchObject([{ status: 'active', cancelAtPeriodEnd: false }]);

    // Two changes in the same second: the event cannot tell which is the later one.
    await receive(subscriptionEvent('customer.subscription.updated', subscriptionObject(s, { cancelAtPeriodEnd: true }), T + 10));
    expect((await overview(s)).subscriptions).toMatchObject([{ status: 'active', cancelAtPeriodEnd: false }]);
    const jobs = await jobsOf<SubscriptionRefreshJob>(SUBSCRIPTION_REFRESH_QUEUE, `${s.subscriptionId}:${T + 10}`);
    expect(jobs.map((j) => j.payload)).toEqual([{ providerSubscriptionId: s.subscriptionId, seenUpdated: T + 10 }]);

    // The provider holds the truth: cancel at period end.
    await writeTestObject(t.services.db, 'subscription', s.subscriptionId, subscriptionObject(s, { cancelAtPeriodEnd: true }));
    await refreshSubscription(t.services, jobs[0].payload);
    expect((await overview(s)).subscriptions).toMatchObject([{ status: 'active', cancelAtPeriodEnd: true }]);
    expect((await platformEvents(s.a.accountId)).map((e) => e.type).sort()).toEqual([
      'payment.customer.created', 'payment.subscription.created', 'payment.subscription.updated',
    ]);

    // A refresh that finds a newer event applied meanwhile leaves that event's state alone.
    await receive(subscriptionEvent('customer.subscription.updated', subscriptionObject(s, { cancelAtPeriodEnd: false }), T + 11));
    await refreshSubscription(t.services, jobs[0].payload);
    expect((await overview(s)).subscriptions).toMatchObject([{ status: 'active', cancelAtPeriodEnd: false }]);
  });

  it('a deleted subscription is canceled, and says so to the event system', async () => {
    const s = await startedCheckout();
    await receive(subscriptionEvent('customer.subscription.created', subscriptionObject(s), T));
    await receive(subscriptionEvent('customer.subscription.deleted', subscriptionObject(s, { status: 'canceled', canceledAt: T + 99 }), T + 100));
    expect((await overview(s)).subscriptions).toMatchObject([{ status: 'canceled', canceledAt: new Date((T + 99) * 1000).toISOString() }]);
    expect((await platformEvents(s.a.accountId)).map((e) => e.type)).toContain('payment.subscription.canceled');
  });

  describe('a renewal whose payment fails', () => {
    let s: Story;
    let failed: PaymentEvent;
    const renewal = (story: Story, status: 'open' | 'paid') => invoice({
      id: `${story.invoiceId}_renewal`, customer: story.customer, subscription: story.subscriptionId, accountId: story.a.accountId, status,
      created: T + 30 * DAY, periodStart: T + 30 * DAY, periodEnd: T + 60 * DAY, priceId: story.priceId, subtotal: 1999,
    });
    beforeAll(async () => {
      s = await startedCheckout();
      await receive(completed(s), subscriptionEvent('customer.subscription.created', subscriptionObject(s), T), invoiceEvent('invoice.paid', firstInvoice(s, 'paid'), T));
      failed = invoiceEvent('invoice.payment_failed', renewal(s, 'open'), T + 30 * DAY);
      expect(await receive(failed)).toEqual([true]);
    });

    it('makes the subscription past due on /billing and the dashboard', async () => {
      const billing = await overview(s);
      expect(billing.subscriptions).toMatchObject([{ status: 'past_due' }]);
      expect(billing.latestInvoice).toMatchObject({ status: 'open' });
      expect((await dashboard(s)).pastDueSubscription).toEqual({ id: billing.subscriptions[0].id, productName: s.planName });
    });

    it('mails the billing contact once, saying what to do, and records a warning for the event system', async () => {
      expect(await receive(failed)).toEqual([false]);
      const mails = (await t.outbox(s.billingEmail)).filter((m) => m.subject.startsWith('Payment failed'));
      expect(mails.map((m) => m.subject)).toEqual([`Payment failed for your ${s.planName} subscription`]);
      expect(mails[0].text_body).toContain('Manage Payment Methods');
      expect(mails[0].text_body).toContain('http://localhost:3000/billing');
      expect(mails[0].text_body).toContain('$19.99');
      const warnings = (await platformEvents(s.a.accountId)).filter((e) => e.type === 'payment.invoice.payment_failed');
      expect(warnings).toMatchObject([{ severity: 'warning', payload: { amountCents: 1999, currency: 'USD' } }]);
    });

    it('paid later, the subscription is active again and the dashboard stops warning', async () => {
      await receive(invoiceEvent('invoice.paid', renewal(s, 'paid'), T + 30 * DAY + 3600));
      expect((await overview(s)).subscriptions).toMatchObject([{ status: 'active' }]);
      expect((await dashboard(s)).pastDueSubscription).toBeNull();
      expect(await invoiceCount(s.a.accountId)).toBe(2);
      // A failure reported after the payment changes nothing and mails nobody.
      await receive(invoiceEvent('invoice.payment_failed', renewal(s, 'open'), T + 30 * DAY + 60));
      expect((await overview(s)).subscriptions).toMatchObject([{ status: 'active' }]);
      expect((await t.outbox(s.billingEmail)).filter((m) => m.subject.startsWith('Payment failed'))).toHaveLength(1);
    });
  });

  it('without a billing e-mail, the owner is the billing contact', async () => {
    const s = await startedCheckout({ billingEmail: false });
    await receive(completed(s), subscriptionEvent('customer.subscription.created', subscriptionObject(s), T));
    await receive(invoiceEvent('invoice.payment_failed', firstInvoice(s, 'open', T + 1), T + 1));
    expect((await t.outbox(s.a.owner.email)).map((m) => m.subject)).toContain(`Payment failed for your ${s.planName} subscription`);
  });

  it('fulfilment reads the subscription back from the provider when no event brought it, and a late older event does not undo it', async () => {
    const s = await startedCheckout();
    await writeTestObject(t.services.db, 'subscription', s.subscriptionId, subscriptionObject(s));
    await receive(completed(s, T + 5));
    expect((await overview(s)).subscriptions).toEqual([]);
    await fulfil(s);
    expect((await overview(s)).subscriptions).toMatchObject([{ status: 'active', productName: s.planName }]);
    await receive(subscriptionEvent('customer.subscription.created', subscriptionObject(s, { status: 'incomplete' }), T));
    expect((await overview(s)).subscriptions).toMatchObject([{ status: 'active' }]);
    expect((await platformEvents(s.a.accountId)).filter((e) => e.type === 'payment.subscription.created')).toHaveLength(1);
  });

  it('a one-off purchase is confirmed as a payment; a checkout for another area\'s purpose is completed and left to that area', async () => {
    const a = await accountWithMembers(t);
    const { priceIds: [priceId] } = await createPlan(t, { name: 'Setup service', prices: [{ unitAmount: 5000, interval: null }] });
    const started = await t.call('createStripeCheckoutSession', { priceId, accountId: a.accountId }, a.owner);
    const oneOff = await t.services.db.selectFrom('checkout_sessions').select('id').where('provider_session_id', '=', started.result.sessionId).executeTakeFirstOrThrow();
    await receive(eventOf('checkout.session.completed', checkoutSession({
      id: started.result.sessionId, accountId: a.accountId, checkoutSessionId: oneOff.id, customer: providerId('cus'), mode: 'payment', created: T,
    }), T));
    const [job] = await jobsOf<CheckoutFulfilmentJob>(CHECKOUT_FULFILMENT_QUEUE, started.result.sessionId);
    await fulfilCheckout(t.services, job.payload);
    expect((await t.outbox(a.owner.email)).map((m) => m.subject)).toContain('Your payment for Setup service was received');

    const providerSessionId = providerId('cs');
    await t.services.db.insertInto('checkout_sessions').values({
      id: 'chk_domain_order', provider_session_id: providerSessionId, account_id: a.accountId, user_id: a.owner.id, price_id: null,
      mode: 'payment', purpose: 'domain_order', reference: 'order-1', status: 'open', url: 'http://localhost:3000/x',
    }).execute();
    await receive(eventOf('checkout.session.completed', checkoutSession({
      id: providerSessionId, accountId: a.accountId, checkoutSessionId: 'chk_domain_order', customer: null, mode: 'payment', created: T,
    }), T));
    const row = await t.services.db.selectFrom('checkout_sessions').select(['status', 'completed_at']).where('id', '=', 'chk_domain_order').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'complete', completed_at: null });
    expect(await jobsOf(CHECKOUT_FULFILMENT_QUEUE, providerSessionId)).toEqual([]);
  });

  it('events about strangers are acknowledged and change nothing: an unknown session, customer or account', async () => {
    const a: AccountWithMembers = await accountWithMembers(t);
    const strangerCustomer = providerId('cus');
    const before = await t.services.db.selectFrom('subscriptions').select('id').execute();
    expect(await receive(
      eventOf('checkout.session.completed', checkoutSession({ id: providerId('cs'), accountId: a.accountId, checkoutSessionId: 'chk_nope', customer: strangerCustomer, created: T }), T),
      eventOf('customer.subscription.created', subscription({ id: providerId('sub'), customer: strangerCustomer, priceId: 'price_x', periodStart: T }), T),
      eventOf('customer.subscription.created', subscription({ id: providerId('sub'), customer: strangerCustomer, accountId: 'no-such-account', priceId: 'price_x', periodStart: T }), T),
      eventOf('invoice.paid', invoice({ id: providerId('in'), customer: strangerCustomer, status: 'paid', created: T, periodStart: T, periodEnd: T }), T),
    )).toEqual([true, true, true, true]);
    expect(await t.services.db.selectFrom('subscriptions').select('id').execute()).toEqual(before);
    expect((await t.call('getBillingOverview', { accountId: a.accountId }, a.owner)).result).toMatchObject({ customerId: null, subscriptions: [], latestInvoice: null });
  });

  it('an expired checkout is closed', async () => {
    const s = await startedCheckout();
    await receive(eventOf('checkout.session.expired', { ...checkoutSession({ id: s.sessionId, accountId: s.a.accountId, checkoutSessionId: s.checkoutId, customer: null, created: T }), status: 'expired' }, T));
    const row = await t.services.db.selectFrom('checkout_sessions').select('status').where('id', '=', s.checkoutId).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });
});

describeEachDialect('payment events with the job workers running', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect, { runWorkers: true }); });
  afterAll(async () => { await t.stop(); });

  it('the fulfilment job runs on its own after the completion commits and mails the confirmation', async () => {
    const a = await accountWithMembers(t);
    const { priceIds: [priceId] } = await createPlan(t, { name: 'Worker plan' });
    const started = await t.call('createStripeCheckoutSession', { priceId, accountId: a.accountId }, a.owner);
    const row = await t.services.db.selectFrom('checkout_sessions').select('id').where('provider_session_id', '=', started.result.sessionId).executeTakeFirstOrThrow();
    const subscriptionId = providerId('sub');
    const customer = providerId('cus');
    await writeTestObject(t.services.db, 'subscription', subscriptionId, subscription({ id: subscriptionId, customer, accountId: a.accountId, priceId, periodStart: T }));
    await t.services.receivePaymentEvent(eventOf('checkout.session.completed', checkoutSession({
      id: started.result.sessionId, accountId: a.accountId, checkoutSessionId: row.id, customer, subscription: subscriptionId, created: T,
    }), T));
    const mails = await waitFor(async () => {
      const found = await t.outbox(a.owner.email);
      return found.some((m) => m.subject === 'Your Worker plan subscription is active') ? found : undefined;
    });
    expect(mails.filter((m) => m.subject === 'Your Worker plan subscription is active')).toHaveLength(1);
    const billing = (await t.call('getBillingOverview', { accountId: a.accountId }, a.owner)).result;
    expect(billing).toMatchObject({ customerId: customer, subscriptions: [{ productName: 'Worker plan', status: 'active' }] });
  });
});

