import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PermissionCast, permissionCast } from '../../../../test/support/factories.ts';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { type FakeStripe, startFakeStripe, stripeModeEnv } from '../../../../test/support/payments/fakeStripe.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import {
  appliedEventIds as appliedEventIdsOf, CANCEL_URL, DECLINING_CARD, emittedTestEvents, GOOD_CARD, paidTestCheckout, startTestCheckout,
} from '../../../../test/support/payments/testModePayments.ts';
import {
  CARD_DECLINED, CARD_EXPIRED, CARD_NUMBER_INVALID, CHECKOUT_ALREADY_PAID, TEST_SESSION_NOT_FOUND,
} from '../../../common/testPayments/contract.ts';
import { resolveCaller } from '../../auth/caller.ts';
import { startImpersonation } from '../../access/impersonation.ts';
import { testEventDeliveryWorker, testModeDeps } from '../../integrations/payments/testMode/testEvents.ts';
import {
  readTestObject, type TestCheckoutRecord, type TestCustomerRecord, type TestInvoiceRecord, type TestSubscriptionRecord, writeTestObject,
} from '../../integrations/payments/testMode/testObjects.ts';

const DAY = 24 * 60 * 60;

describeEachDialect('test-mode checkout (payTestCheckout, cancelTestCheckout, getTestCheckout)', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;

  const objectCount = async (kind: string) =>
    (await t.services.db.selectFrom('test_payment_objects').select('id').where('kind', '=', kind).execute()).length;
  const session = async (id: string) => (await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', id))!;
  const jobEvents = () => emittedTestEvents(t);
  const appliedEventIds = () => appliedEventIdsOf(t);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  it('getTestCheckout shows what is bought, for which account, and where the customer goes next', async () => {
    const { sessionId, priceId } = await startTestCheckout(t, cast.owner, cast.accountId);
    const res = await t.call('getTestCheckout', { sessionId }, cast.owner);
    expect(res.status).toBe(200);
    const plan = await t.services.db.selectFrom('products').innerJoin('prices', 'prices.product_id', 'products.id').select('products.name')
      .where('prices.id', '=', priceId).executeTakeFirstOrThrow();
    expect(res.result.session).toEqual({
      id: sessionId, status: 'open', mode: 'subscription', accountName: `Account of ${cast.owner.name}`, customerEmail: cast.owner.email,
      lines: [{ description: plan.name, unitAmount: 1299, currency: 'USD', interval: 'month', quantity: 1 }],
      amountTotal: 1299, currency: 'USD', successUrl: `http://localhost:3000/billing?checkout=${sessionId}`, cancelUrl: CANCEL_URL,
    });
  });

  describe('paying with 4242 4242 4242 4242', () => {
    let paid: Awaited<ReturnType<typeof paidTestCheckout>>;
    let eventsBefore: number;

    beforeAll(async () => {
      eventsBefore = (await jobEvents()).length;
      paid = await paidTestCheckout(t, cast.owner, cast.accountId);
    });

    it('completes the session and answers its success address', async () => {
      expect(await session(paid.sessionId)).toMatchObject({
        status: 'complete', payment_status: 'paid', customer: paid.customerId, subscription: paid.subscriptionId, invoice: paid.invoiceId,
      });
      const again = await t.call('getTestCheckout', { sessionId: paid.sessionId }, cast.owner);
      expect(again.result.session.status).toBe('complete');
    });

    it('creates the customer with the card on file, never its number', async () => {
      const customer = (await readTestObject<TestCustomerRecord>(t.services.db, 'customer', paid.customerId))!;
      expect(customer).toMatchObject({
        object: 'customer', email: cast.owner.email, name: 'Ada Lovelace', metadata: { accountId: cast.accountId },
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, declines: false },
        subscriptionIds: [paid.subscriptionId], invoiceIds: [paid.invoiceId], next_invoice_sequence: 2,
      });
      expect(JSON.stringify(customer)).not.toContain('4242424242424242');
    });

    it('creates an active subscription for one month, carrying the account', async () => {
      const subscription = (await readTestObject<TestSubscriptionRecord>(t.services.db, 'subscription', paid.subscriptionId!))!;
      const [item] = subscription.items.data;
      expect(subscription).toMatchObject({ status: 'active', customer: paid.customerId, cancel_at_period_end: false, metadata: { accountId: cast.accountId } });
      expect(item.price).toMatchObject({ id: paid.priceId, unit_amount: 1299, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } });
      const start = new Date(item.current_period_start * 1000);
      const end = new Date(item.current_period_end * 1000);
      expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
      expect(end.getUTCDate()).toBe(Math.min(start.getUTCDate(), new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()));
    });

    it('issues a paid invoice numbered TEST-XXXX-0001 with the service period on its line', async () => {
      const invoice = (await readTestObject<TestInvoiceRecord>(t.services.db, 'invoice', paid.invoiceId))!;
      const subscription = (await readTestObject<TestSubscriptionRecord>(t.services.db, 'subscription', paid.subscriptionId!))!;
      expect(invoice.number).toMatch(/^TEST-[A-Z]{4}-0001$/);
      expect(invoice).toMatchObject({
        status: 'paid', customer: paid.customerId, total: 1299, subtotal: 1299, amount_due: 1299, amount_paid: 1299, currency: 'usd',
        parent: { type: 'subscription_details', subscription_details: { subscription: paid.subscriptionId } },
      });
      expect(invoice.status_transitions.paid_at).toBeGreaterThan(0);
      const [item] = subscription.items.data;
      expect(invoice.lines.data).toMatchObject([{ amount: 1299, quantity: 1, period: { start: item.current_period_start, end: item.current_period_end } }]);
    });

    it('emits Stripe\'s events in Stripe\'s order, delivered at once: one payment_events row each', async () => {
      const emitted = (await jobEvents()).slice(eventsBefore);
      expect(emitted).toHaveLength(1);
      const [events] = emitted;
      expect(events.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.finalized', 'invoice.paid', 'checkout.session.completed']);
      expect(events.every((e) => /^evt_test_/.test(e.id))).toBe(true);
      expect(events[1].data.object).toMatchObject({ id: paid.invoiceId, status: 'open', amount_paid: 0 });
      expect(events[2].data.object).toMatchObject({ id: paid.invoiceId, status: 'paid', amount_paid: 1299 });
      expect(events[3].data.object).toMatchObject({ id: paid.sessionId, status: 'complete', customer: paid.customerId, subscription: paid.subscriptionId });
      // Stripe's shapes only: the test provider's own facts stay home.
      expect(events[0].data.object).not.toHaveProperty('productName');
      expect(events[3].data.object).not.toHaveProperty('userId');
      expect(await appliedEventIds()).toEqual(expect.arrayContaining(events.map((e) => e.id)));
    });

    it('the durable job delivering them again changes nothing', async () => {
      const [events] = (await jobEvents()).slice(eventsBefore);
      const rowsBefore = await appliedEventIds();
      const results: boolean[] = [];
      const deps = testModeDeps(t.services);
      const worker = testEventDeliveryWorker({ deliver: async (event) => { const r = await deps.deliver(event); results.push(r.applied); return r; } });
      await worker({ events }, { id: 'redelivery', attempt: 1, signal: new AbortController().signal });
      expect(results).toEqual([false, false, false, false]);
      expect((await appliedEventIds()).sort()).toEqual(rowsBefore.sort());
    });

    it('paying the same session again is refused', async () => {
      const res = await t.call('payTestCheckout', { sessionId: paid.sessionId, ...GOOD_CARD }, cast.owner);
      expect(res.status).toBe(400);
      expect(res.error).toEqual({ status: 'FAILED_PRECONDITION', message: CHECKOUT_ALREADY_PAID });
    });

    it('a later checkout reusing the customer numbers its invoice -0002 and replaces the card', async () => {
      const second = await paidTestCheckout(t, cast.owner, cast.accountId, { customerId: paid.customerId });
      expect(second.customerId).toBe(paid.customerId);
      const [first, next] = await Promise.all([paid.invoiceId, second.invoiceId].map((id) => readTestObject<TestInvoiceRecord>(t.services.db, 'invoice', id)));
      expect(next!.number).toBe(first!.number!.replace(/0001$/, '0002'));
    });
  });

  describe('a declined card', () => {
    it('4000 0000 0000 0002: "Your card was declined.", nothing created, the session still payable', async () => {
      const { sessionId } = await startTestCheckout(t, cast.owner, cast.accountId);
      const counts = async () => Promise.all(['customer', 'subscription', 'invoice'].map(objectCount));
      const [before, jobsBefore, appliedBefore] = [await counts(), (await jobEvents()).length, (await appliedEventIds()).length];

      const declined = await t.call('payTestCheckout', { sessionId, ...DECLINING_CARD }, cast.owner);
      expect(declined.status).toBe(400);
      expect(declined.error).toEqual({ status: 'FAILED_PRECONDITION', message: CARD_DECLINED });
      expect(await counts()).toEqual(before);
      expect((await jobEvents()).length).toBe(jobsBefore);
      expect((await appliedEventIds()).length).toBe(appliedBefore);
      expect(await session(sessionId)).toMatchObject({ status: 'open', customer: null, subscription: null, invoice: null });

      const retried = await t.call('payTestCheckout', { sessionId, ...GOOD_CARD }, cast.owner);
      expect(retried.status).toBe(200);
    });
  });

  describe('card details', () => {
    let sessionId: string;
    beforeAll(async () => { sessionId = (await startTestCheckout(t, cast.owner, cast.accountId)).sessionId; });

    const refusals: [string, Record<string, unknown>, string][] = [
      ['a number failing the Luhn check', { cardNumber: '4242 4242 4242 4241' }, CARD_NUMBER_INVALID],
      ['letters for a number', { cardNumber: '4242-abcd-4242-4242' }, CARD_NUMBER_INVALID],
      ['a number too short', { cardNumber: '4242' }, CARD_NUMBER_INVALID],
      ['an expiry in the past', { expiry: '01 / 20' }, CARD_EXPIRED],
      ['an impossible month', { expiry: '13 / 30' }, 'Expiry must be MM / YY.'],
      ['a CVC of two digits', { cvc: '12' }, 'CVC must be 3 or 4 digits.'],
      ['no name on the card', { cardholderName: '  ' }, 'Name on card is required.'],
      ['a number of the wrong type', { cardNumber: 4242424242424242 }, CARD_NUMBER_INVALID],
    ];
    for (const [name, change, message] of refusals) {
      it(`${name}: INVALID_ARGUMENT '${message}', nothing written`, async () => {
        const res = await t.call('payTestCheckout', { sessionId, ...GOOD_CARD, ...change }, cast.owner);
        expect(res.status).toBe(400);
        expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
        expect((await session(sessionId)).status).toBe('open');
      });
    }

    it('unknown fields, an overlong or NUL-bearing session id are refused with a clear 400', async () => {
      const unknown = await t.callRaw('payTestCheckout', { sessionId, ...GOOD_CARD, amount: 1 }, cast.owner);
      expect(unknown.error?.status).toBe('INVALID_ARGUMENT');
      const overlong = await t.call('payTestCheckout', { ...GOOD_CARD, sessionId: 'x'.repeat(500) }, cast.owner);
      expect(overlong.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Session ID is not valid.' });
      const nul = await t.call('payTestCheckout', { ...GOOD_CARD, sessionId: `${sessionId}\u0000` }, cast.owner);
      expect(nul.status).toBe(400);
      expect(nul.error?.message).not.toMatch(/postgres|sqlite|syntax/i);
      expect((await session(sessionId)).status).toBe('open');
    });

    it('any other number passing the Luhn check is a card: Mastercard 5555 5555 5555 4444 pays', async () => {
      const res = await t.call('payTestCheckout', { sessionId, ...GOOD_CARD, cardNumber: '5555 5555 5555 4444' }, cast.owner);
      expect(res.status).toBe(200);
      const customer = await readTestObject<TestCustomerRecord>(t.services.db, 'customer', (await session(sessionId)).customer!);
      expect(customer!.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    });
  });

  it('a one-off payment: an invoice with the checkout\'s metadata, no subscription, three events', async () => {
    const before = (await jobEvents()).length;
    const paid = await paidTestCheckout(t, cast.owner, cast.accountId, { mode: 'payment' });
    expect(paid.subscriptionId).toBeNull();
    const invoice = await readTestObject<TestInvoiceRecord>(t.services.db, 'invoice', paid.invoiceId);
    expect(invoice).toMatchObject({ status: 'paid', total: 1299, parent: null, metadata: { checkoutSessionId: paid.checkoutSessionId, accountId: cast.accountId } });
    expect((await session(paid.sessionId)).payment_intent).toMatch(/^pi_test_/);
    const [events] = (await jobEvents()).slice(before);
    expect(events.map((e) => e.type)).toEqual(['invoice.finalized', 'invoice.paid', 'checkout.session.completed']);
  });

  it('two payments of one session at once: one succeeds, the other is told it was paid; one subscription', async () => {
    const { sessionId } = await startTestCheckout(t, cast.owner, cast.accountId);
    const subscriptionsBefore = await objectCount('subscription');
    const answers = await Promise.all([1, 2].map(() => t.call('payTestCheckout', { sessionId, ...GOOD_CARD }, cast.owner)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.error).toEqual({ status: 'FAILED_PRECONDITION', message: CHECKOUT_ALREADY_PAID });
    expect(await objectCount('subscription')).toBe(subscriptionsBefore + 1);
  });

  describe('cancel', () => {
    it('answers the cancel address, expires the session with checkout.session.expired, and the session is gone', async () => {
      const { sessionId } = await startTestCheckout(t, cast.owner, cast.accountId);
      const before = (await jobEvents()).length;
      const res = await t.call('cancelTestCheckout', { sessionId }, cast.owner);
      expect(res.status).toBe(200);
      expect(res.result).toEqual({ redirectUrl: CANCEL_URL });
      expect((await session(sessionId)).status).toBe('expired');
      const [events] = (await jobEvents()).slice(before);
      expect(events.map((e) => [e.type, e.data.object.id])).toEqual([['checkout.session.expired', sessionId]]);
      expect(await appliedEventIds()).toContain(events[0].id);
      for (const call of ['getTestCheckout', 'cancelTestCheckout'] as const) {
        expect((await t.call(call, { sessionId }, cast.owner)).error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
      }
      expect((await t.call('payTestCheckout', { sessionId, ...GOOD_CARD }, cast.owner)).error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
    });

    it('a paid session cannot be cancelled', async () => {
      const paid = await paidTestCheckout(t, cast.owner, cast.accountId);
      const res = await t.call('cancelTestCheckout', { sessionId: paid.sessionId }, cast.owner);
      expect(res.error).toEqual({ status: 'FAILED_PRECONDITION', message: CHECKOUT_ALREADY_PAID });
      expect((await session(paid.sessionId)).status).toBe('complete');
    });
  });

  it('a session older than 24 h has ended: not found for reading, paying and cancelling', async () => {
    const { sessionId } = await startTestCheckout(t, cast.owner, cast.accountId);
    const record = await session(sessionId);
    await writeTestObject(t.services.db, 'checkout_session', sessionId, { ...record, created: record.created - DAY - 1 });
    for (const [name, input] of [['getTestCheckout', { sessionId }], ['payTestCheckout', { sessionId, ...GOOD_CARD }], ['cancelTestCheckout', { sessionId }]] as const) {
      expect((await t.call(name, input, cast.owner)).error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
    }
    expect((await session(sessionId)).status).toBe('open');
  });

  describe('a session is its starter\'s only', () => {
    let sessionId: string;
    beforeAll(async () => { sessionId = (await startTestCheckout(t, cast.owner, cast.accountId)).sessionId; });

    for (const who of ['member', 'admin', 'outsider', 'globalAdmin'] as const) {
      it(`${who}: NOT_FOUND for reading, paying and cancelling the owner's session, which stays open`, async () => {
        const user: TestUser = cast[who];
        for (const [name, input] of [['getTestCheckout', { sessionId }], ['payTestCheckout', { sessionId, ...GOOD_CARD }], ['cancelTestCheckout', { sessionId }]] as const) {
          const res = await t.call(name, input, user);
          expect(res.status).toBe(404);
          expect(res.error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
        }
        expect((await session(sessionId)).status).toBe('open');
      });
    }

    it('a session of another account, guessed by an outsider who has a session of their own: NOT_FOUND', async () => {
      await startTestCheckout(t, cast.outsider, cast.otherAccountId);
      expect((await t.call('payTestCheckout', { sessionId, ...GOOD_CARD }, cast.outsider)).status).toBe(404);
    });

    it('unknown ids are NOT_FOUND; signed out is 401', async () => {
      expect((await t.call('getTestCheckout', { sessionId: 'cs_test_nope' }, cast.owner)).error)
        .toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
      expect((await t.call('getTestCheckout', { sessionId }, null)).status).toBe(401);
      expect((await t.call('payTestCheckout', { sessionId, ...GOOD_CARD }, null)).status).toBe(401);
    });
  });

  it('an operator acting as the account pays a checkout they started: the act is in the audit log', async () => {
    const operator = cast.globalAdmin;
    await startImpersonation(t.services, (await resolveCaller(t.services, operator.token))!, cast.accountId, 'Customer asked for help');
    const { sessionId } = await startTestCheckout(t, operator, cast.accountId);
    expect((await t.call('payTestCheckout', { sessionId, ...GOOD_CARD }, operator)).status).toBe(200);
    const audit = await t.services.db.selectFrom('audit_log').selectAll().where('action', '=', 'test_payment.checkout_paid').execute();
    expect(audit).toMatchObject([{ actor_user_id: operator.id, acting_as_account_id: cast.accountId, target_id: sessionId, reason: 'Customer asked for help' }]);
  });

  it('a plan created after the fact does not change what a session sells', async () => {
    const { sessionId, priceId } = await startTestCheckout(t, cast.owner, cast.accountId);
    await t.services.db.updateTable('prices').set({ unit_amount: 1 }).where('id', '=', priceId).execute();
    await createPlan(t);
    expect((await t.call('getTestCheckout', { sessionId }, cast.owner)).result.session.amountTotal).toBe(1299);
  });
});

describe('test-mode checkout functions in Stripe mode', () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp('sqlite', { env: stripeModeEnv(fake) });
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('there are no test sessions: NOT_FOUND, even for an id stored by an earlier test mode', async () => {
    const user = await createUser(t);
    await writeTestObject(t.services.db, 'checkout_session', 'cs_test_left', { id: 'cs_test_left', userId: user.id, metadata: {}, created: Math.floor(Date.now() / 1000), status: 'open' });
    for (const [name, input] of [
      ['getTestCheckout', { sessionId: 'cs_test_left' }], ['payTestCheckout', { sessionId: 'cs_test_left', ...GOOD_CARD }],
      ['cancelTestCheckout', { sessionId: 'cs_test_left' }], ['getTestPortal', { portalSessionId: 'bps_test_x' }],
    ] as const) {
      expect((await t.call(name, input, user)).error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
    }
    expect(fake.requests).toEqual([]);
  });
});
