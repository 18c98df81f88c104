import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { freshDomainName, placedOrder } from '../../../../../test/support/samples/domainOrders.ts';
import { createUser, makeGlobalSuperAdmin, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { emittedTestEvents, GOOD_CARD } from '../../../../../test/support/payments/testModePayments.ts';
import { PAYMENT_CUSTOMER_UNKNOWN, PAYMENT_PROVIDER_UNAVAILABLE } from '../../../../common/billing/texts.ts';
import { ORDER_NOT_FOUND } from '../../../../common/domains/orders.ts';
import { startImpersonation } from '../../../access/impersonation.ts';
import { resolveCaller } from '../../../auth/caller.ts';
import type { PaymentEvent, ProviderCheckoutSession } from '../../../integrations/payments/events.ts';
import { PaymentProviderError } from '../../../integrations/payments/provider.ts';
import { readTestObject, type TestCheckoutRecord } from '../../../integrations/payments/testMode/testObjects.ts';
import { FULFIL_ORDER_QUEUE } from './queues.ts';
import { AUTOMATIC_RENEWAL_CHARGED, AUTOMATIC_RENEWAL_ORDERED_BY } from '../../../../common/domains/orders.ts';
import { nameNotAvailable, ORDER_NOT_AWAITING_PAYMENT, PAYMENT_AMOUNT_MISMATCH } from './texts.ts';

describeEachDialect('domain orders: payDomainOrder and the payment events', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;

  // No job workers: the registration job is another part's; these tests stop at the queued job.
  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });
  afterEach(() => { vi.restoreAllMocks(); });

  const pay = (orderId: string, as: TestUser | null = cast.member) => t.call('payDomainOrder', { orderId }, as);
  const sessionIdOf = (url: string) => /\/test-mode\/checkout\/([^/?]+)$/.exec(url)![1];
  const orderRow = (orderId: string) => t.services.db.selectFrom('domain_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const checkoutsOf = (orderId: string) => t.services.db.selectFrom('checkout_sessions').selectAll().where('reference', '=', orderId).execute();
  const fulfilJobs = async (orderId: string) => (await t.services.db.selectFrom('jobs').select(['payload', 'singleton_key'])
    .where('queue', '=', FULFIL_ORDER_QUEUE).where('singleton_key', '=', orderId).execute()).map((j) => ({ key: j.singleton_key, payload: JSON.parse(j.payload) }));
  const orderEvents = async (orderId: string) => (await t.services.db.selectFrom('platform_events').select(['event_type', 'payload', 'source'])
    .where('event_type', 'like', 'order.domain.%').execute())
    .filter((e) => JSON.parse(e.payload).orderId === orderId).map((e) => ({ type: e.event_type, source: e.source, payload: JSON.parse(e.payload) }));
  const providerSession = async (url: string) => (await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', sessionIdOf(url)))!;

  /** A completion the provider might send for the session: its object as it stands, changed as given, under a new event id. */
  const completion = async (url: string, changes: Partial<ProviderCheckoutSession>): Promise<PaymentEvent> => ({
    id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
    data: { object: { ...await t.services.payments.retrieveCheckoutSession(sessionIdOf(url)), status: 'complete', payment_status: 'paid', ...changes } },
  });

  describe('payDomainOrder', () => {
    it('opens a test-mode checkout of the order\'s total, recorded against the order', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId, { registrationYears: 2 });
      const order = await orderRow(orderId);
      const res = await pay(orderId);
      expect(res.status).toBe(200);
      expect(res.result.url).toMatch(/^http:\/\/localhost:3000\/test-mode\/checkout\/cs_test_/);

      const session = await providerSession(res.result.url);
      expect(session).toMatchObject({
        mode: 'payment', status: 'open', amount_total: order.total_cents, currency: 'usd', client_reference_id: cast.accountId,
        line: expect.objectContaining({ description: `${order.domain} registration, 2 years`, unitAmount: order.total_cents }), quantity: 1,
        successUrl: `http://localhost:3000/domains/orders/${orderId}?payment=success`,
        cancelUrl: `http://localhost:3000/domains/orders/${orderId}?payment=cancelled`,
        metadata: { accountId: cast.accountId, checkoutSessionId: expect.stringMatching(/^chk_/), userId: cast.member.id, purpose: 'domain_order', reference: orderId },
      });
      const [row] = await checkoutsOf(orderId);
      expect(row).toMatchObject({
        id: session.metadata.checkoutSessionId, provider_session_id: session.id, account_id: cast.accountId, user_id: cast.member.id,
        price_id: null, mode: 'payment', purpose: 'domain_order', status: 'open', url: res.result.url,
      });
      expect((await orderRow(orderId)).checkout_session_id).toBe(row.id);
    });

    it('names a renewal and its years on the checkout', async () => {
      const seeded = await seedDomain(t.services, cast.accountId);
      const renewal = await t.call('renewDomain', { domain: seeded.name, years: 1 }, cast.owner);
      const session = await providerSession((await pay(renewal.result.orderId, cast.owner)).result.url);
      expect(session.line.description).toBe(`${seeded.name} renewal, 1 year`);
    });

    it('answers the open checkout again rather than opening a second one, also to two clicks at once', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const provider = t.services.payments.createCheckoutSession.bind(t.services.payments);
      const create = vi.spyOn(t.services.payments, 'createCheckoutSession');
      const first = await pay(orderId);
      expect((await pay(orderId, cast.owner)).result.url).toBe(first.result.url);
      expect(create).toHaveBeenCalledTimes(1);

      // Both clicks reach the provider before either records its checkout: the provider answers only once both asked.
      const other = await placedOrder(t, cast.member, cast.accountId);
      let asked = 0;
      let bothAsked: () => void = () => {};
      const barrier = new Promise<void>((resolve) => { bothAsked = resolve; });
      create.mockImplementation(async (request) => {
        asked += 1;
        if (asked === 2) bothAsked();
        await barrier;
        return provider(request);
      });
      const both = await Promise.all([pay(other), pay(other, cast.admin)]);
      expect(asked).toBe(2);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both[1].result.url).toBe(both[0].result.url);
      expect(await checkoutsOf(other)).toHaveLength(1);
    });

    it('opens a new checkout once the last one expired or is too old to be paid', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const first = (await pay(orderId)).result.url;
      const cancelled = await t.call('cancelTestCheckout', { sessionId: sessionIdOf(first) }, cast.member);
      expect(cancelled.status).toBe(200);
      const second = (await pay(orderId)).result.url;
      expect(second).not.toBe(first);

      await t.services.db.updateTable('checkout_sessions').set({ created_at: new Date(Date.now() - 23.5 * 3_600_000).toISOString() })
        .where('url', '=', second).execute();
      const third = (await pay(orderId)).result.url;
      expect(third).not.toBe(second);
      expect((await checkoutsOf(orderId)).map((r) => r.status).sort()).toEqual(['expired', 'open', 'open']);
      expect((await orderRow(orderId)).checkout_session_id).toBe((await providerSession(third)).metadata.checkoutSessionId);
    });

    it('prefills the billing e-mail, else the caller\'s, and never an impersonating operator\'s', async () => {
      const create = vi.spyOn(t.services.payments, 'createCheckoutSession');
      await pay(await placedOrder(t, cast.member, cast.accountId));
      expect(create.mock.calls[0][0]).toMatchObject({ customerId: null, customerEmail: cast.member.email });

      const operator = await createUser(t);
      await makeGlobalSuperAdmin(t, operator);
      await startImpersonation(t.services, (await resolveCaller(t.services, operator.token))!, cast.accountId, 'Helping with a domain');
      await pay(await placedOrder(t, operator, cast.accountId), operator);
      expect(create.mock.calls[1][0]).toMatchObject({ customerId: null, customerEmail: null });

      const billingEmail = 'accounts@example.test';
      expect((await t.call('updateBillingProfile', { accountId: cast.accountId, billingEmail }, cast.owner)).status).toBe(200);
      await pay(await placedOrder(t, cast.member, cast.accountId));
      expect(create.mock.calls[2][0]).toMatchObject({ customerId: null, customerEmail: billingEmail });

      await t.services.db.updateTable('accounts').set({ stripe_customer_id: 'cus_known' }).where('id', '=', cast.accountId).execute();
      try {
        await pay(await placedOrder(t, cast.member, cast.accountId));
        expect(create.mock.calls[3][0]).toMatchObject({ customerId: 'cus_known', customerEmail: null });
      } finally {
        await t.services.db.updateTable('accounts').set({ stripe_customer_id: null }).where('id', '=', cast.accountId).execute();
      }
    });

    it('answers our own sentence when the provider fails, and records no checkout', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      vi.spyOn(t.services.payments, 'createCheckoutSession').mockRejectedValueOnce(new Error('connect ECONNREFUSED api.stripe.com key sk_live_123'));
      expect(await pay(orderId)).toEqual({ status: 503, error: { status: 'UNAVAILABLE', message: PAYMENT_PROVIDER_UNAVAILABLE } });

      await t.services.db.updateTable('accounts').set({ stripe_customer_id: 'cus_gone' }).where('id', '=', cast.accountId).execute();
      try {
        vi.spyOn(t.services.payments, 'createCheckoutSession').mockRejectedValueOnce(new PaymentProviderError('not_found', 'No such customer: \'cus_gone\''));
        expect(await pay(orderId)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: PAYMENT_CUSTOMER_UNKNOWN } });
      } finally {
        await t.services.db.updateTable('accounts').set({ stripe_customer_id: null }).where('id', '=', cast.accountId).execute();
      }
      expect(await checkoutsOf(orderId)).toEqual([]);
      expect((await orderRow(orderId)).checkout_session_id).toBeNull();
    });

    it('refuses an order that no longer awaits payment', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      for (const status of ['processing', 'completed', 'failed', 'cancelled'] as const) {
        await t.services.db.updateTable('domain_orders').set({ status }).where('id', '=', orderId).execute();
        expect(await pay(orderId)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: ORDER_NOT_AWAITING_PAYMENT } });
      }
      expect(await checkoutsOf(orderId)).toEqual([]);
    });

    it('refuses a checkout for an automatic renewal, which the daily job charges to the saved payment method', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      await t.services.db.updateTable('domain_orders').set({ user_id: null, ordered_by: AUTOMATIC_RENEWAL_ORDERED_BY }).where('id', '=', orderId).execute();
      expect(await pay(orderId)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: AUTOMATIC_RENEWAL_CHARGED } });
      expect(await checkoutsOf(orderId)).toEqual([]);
    });

    it('answers an outsider and a global super admin as for an order that does not exist', async () => {
      const orderId = await placedOrder(t, cast.owner, cast.accountId);
      const notFound = { status: 404, error: { status: 'NOT_FOUND', message: ORDER_NOT_FOUND } };
      for (const user of [cast.outsider, cast.globalAdmin]) expect(await pay(orderId, user)).toEqual(notFound);
      expect(await pay('ord_does_not_exist')).toEqual(notFound);
      expect((await pay(orderId, null)).status).toBe(401);
      expect(await checkoutsOf(orderId)).toEqual([]);
    });

    it('cancels an unpaid order whose name another customer ordered after its hold passed', async () => {
      const domain = freshDomainName();
      const stale = await placedOrder(t, cast.member, cast.accountId, { domain });
      await t.services.db.updateTable('domain_orders').set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() }).where('id', '=', stale).execute();
      const theirs = await placedOrder(t, cast.outsider, cast.otherAccountId, { domain });

      expect(await pay(stale)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: nameNotAvailable(domain) } });
      expect(await orderRow(stale)).toMatchObject({ status: 'cancelled', error: nameNotAvailable(domain) });
      expect((await orderEvents(stale)).map((e) => e.type)).toEqual(['order.domain.created', 'order.domain.cancelled']);
      expect((await pay(theirs, cast.outsider)).status).toBe(200);
    });
  });

  describe('paid in test mode', () => {
    let orderId: string;
    let url: string;
    let total: number;

    beforeAll(async () => {
      orderId = await placedOrder(t, cast.member, cast.accountId, { registrationYears: 2 });
      total = (await orderRow(orderId)).total_cents;
      url = (await pay(orderId)).result.url;
      const paid = await t.call('payTestCheckout', { sessionId: sessionIdOf(url), ...GOOD_CARD }, cast.member);
      expect(paid).toEqual({ status: 200, result: { redirectUrl: `http://localhost:3000/domains/orders/${orderId}?payment=success` } });
    });

    it('moves the order to processing, paid, and queues its registration job once', async () => {
      const order = (await t.call('getDomainOrder', { orderId }, cast.owner)).result.order;
      expect(order).toMatchObject({ status: 'processing', paymentStatus: 'paid', registrationStatus: 'pending', paidAt: expect.any(String), error: null });
      const row = await orderRow(orderId);
      const session = await providerSession(url);
      expect(row).toMatchObject({ payment_method: 'test', payment_reference: session.payment_intent });
      expect(session.payment_intent).toMatch(/^pi_test_/);
      expect(await fulfilJobs(orderId)).toEqual([{ key: orderId, payload: { orderId } }]);
      expect((await checkoutsOf(orderId)).map((r) => r.status)).toEqual(['complete']);
    });

    it('records one paid event from the test-mode provider', async () => {
      const paid = (await orderEvents(orderId)).filter((e) => e.type === 'order.domain.paid');
      expect(paid).toEqual([{
        type: 'order.domain.paid', source: 'test-mode',
        payload: { orderId, kind: 'registration', domain: (await orderRow(orderId)).domain, amountCents: total, currency: 'USD', paymentReference: (await providerSession(url)).payment_intent },
      }]);
    });

    it('its invoice bills the registration\'s two years, on the invoice and on its line', async () => {
      const [invoice] = (await t.call('listInvoices', { accountId: cast.accountId }, cast.member)).result.invoices;
      const paidAt = (await orderRow(orderId)).paid_at!;
      const twoYearsOn = (iso: string) => { const at = new Date(iso); at.setUTCFullYear(at.getUTCFullYear() + 2); return at.getTime(); };
      expect(invoice.amountCents).toBe(total);
      expect(Date.parse(invoice.periodEnd!) - twoYearsOn(invoice.periodStart!)).toBe(0);
      expect(Math.abs(Date.parse(invoice.periodStart!) - Date.parse(paidAt))).toBeLessThan(60_000);
      const { lines } = (await t.call('getInvoice', { invoiceId: invoice.id }, cast.member)).result.invoice;
      expect(lines.map((l) => [l.periodStart, l.periodEnd])).toEqual([[invoice.periodStart, invoice.periodEnd]]);
    });

    it('no longer opens a checkout for it', async () => {
      expect((await pay(orderId)).error!.message).toBe(ORDER_NOT_AWAITING_PAYMENT);
    });

    it('replayed, changes nothing: the receiver applies each event once', async () => {
      const before = await orderRow(orderId);
      const events = (await emittedTestEvents(t)).flat().filter((e) => e.type === 'checkout.session.completed' && e.data.object.metadata.reference === orderId);
      expect(events).toHaveLength(1);
      expect((await t.services.receivePaymentEvent(events[0])).applied).toBe(false);
      expect(await orderRow(orderId)).toEqual(before);
      expect(await fulfilJobs(orderId)).toHaveLength(1);
      expect((await orderEvents(orderId)).filter((e) => e.type === 'order.domain.paid')).toHaveLength(1);
    });

    it('a second, distinct completion for the order changes nothing either', async () => {
      const before = await orderRow(orderId);
      const second = await completion(url, { payment_intent: 'pi_second_payment' });
      expect((await t.services.receivePaymentEvent(second)).applied).toBe(true);
      expect(await orderRow(orderId)).toEqual(before);
      expect(await fulfilJobs(orderId)).toHaveLength(1);
      expect((await orderEvents(orderId)).filter((e) => e.type === 'order.domain.paid')).toHaveLength(1);
    });
  });

  describe('other outcomes of a checkout', () => {
    it('a payment of another amount does not register: the order fails for an operator, with the payment kept', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const url = (await pay(orderId)).result.url;
      const total = (await orderRow(orderId)).total_cents;
      expect((await t.services.receivePaymentEvent(await completion(url, { amount_total: total - 500, payment_intent: 'pi_short' }))).applied).toBe(true);

      expect(await orderRow(orderId)).toMatchObject({
        status: 'failed', payment_status: 'paid', payment_reference: 'pi_short', error: PAYMENT_AMOUNT_MISMATCH, admin_action_required: true,
      });
      expect(await fulfilJobs(orderId)).toEqual([]);
      expect((await orderEvents(orderId)).map((e) => [e.type, e.payload.reason ?? null])).toEqual([
        ['order.domain.created', null], ['order.domain.failed', 'payment_amount_mismatch'],
      ]);
    });

    it('a completion not yet paid (a bank debit) leaves the order awaiting payment', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const url = (await pay(orderId)).result.url;
      await t.services.receivePaymentEvent(await completion(url, { payment_status: 'unpaid' }));
      expect((await orderRow(orderId)).status).toBe('pending_payment');
      expect(await fulfilJobs(orderId)).toEqual([]);
    });

    it('an expired checkout leaves the order awaiting payment, tells its page, and the customer can pay again', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const url = (await pay(orderId)).result.url;
      const publish = vi.spyOn(t.services.live, 'publish');
      expect((await t.call('cancelTestCheckout', { sessionId: sessionIdOf(url) }, cast.member)).status).toBe(200);
      expect(publish.mock.calls.map((call) => [call[1], call[2]])).toContainEqual([`domain-order/${orderId}`, 'domain_order.changed']);
      expect((await orderRow(orderId)).status).toBe('pending_payment');

      const again = (await pay(orderId)).result.url;
      expect(again).not.toBe(url);
      expect((await t.call('payTestCheckout', { sessionId: sessionIdOf(again), ...GOOD_CARD }, cast.member)).status).toBe(200);
      expect((await orderRow(orderId)).status).toBe('processing');
      expect(await fulfilJobs(orderId)).toHaveLength(1);
    });

    it('a completion naming an order of another account is ignored', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const url = (await pay(orderId)).result.url;
      const forged = await completion(url, {});
      const session = forged.data.object as ProviderCheckoutSession;
      const theirs = await placedOrder(t, cast.outsider, cast.otherAccountId);
      session.metadata = { ...session.metadata, reference: theirs };
      await t.services.receivePaymentEvent(forged);
      expect((await orderRow(theirs)).status).toBe('pending_payment');
      expect((await orderRow(orderId)).status).toBe('pending_payment');
    });
  });
});
