import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from '../../../../../test/support/billing/factories.ts';
import { paidTestCheckout } from '../../../../../test/support/payments/testModePayments.ts';
import { accountWithMembers, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import {
  BILLING_MANAGE_DENIED, BILLING_NOT_ACTIVATED, PAYMENT_CUSTOMER_UNKNOWN, PAYMENT_PROVIDER_UNAVAILABLE, PLAN_UNAVAILABLE,
} from '../../../../common/billing/contract.ts';
import { NO_ACCOUNT_ACCESS } from '../../../access/accountAccess.ts';
import { readTestObject, type TestCheckoutRecord, type TestPortalRecord } from '../../../integrations/payments/testMode/testProvider.ts';

describeEachDialect('checkout and the payment portal link', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  const errorLog: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect, { errorLog });
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  const checkoutRows = (accountId: string) => t.services.db.selectFrom('checkout_sessions').selectAll().where('account_id', '=', accountId).execute();
  const setCustomer = (accountId: string, customerId: string | null) =>
    t.services.db.updateTable('accounts').set({ stripe_customer_id: customerId }).where('id', '=', accountId).execute();

  describe('createStripeCheckoutSession', () => {
    it('in test mode answers the test checkout page and records the session for the account, in subscription mode for a recurring price', async () => {
      const a = await accountWithMembers(t);
      const { priceIds: [priceId] } = await createPlan(t, { name: 'Starter', prices: [{ unitAmount: 1200, interval: 'month' }] });
      const res = await t.call('createStripeCheckoutSession', { priceId, accountId: a.accountId }, a.admin);
      expect(res.status).toBe(200);
      expect(res.result.url).toBe(`http://localhost:3000/test-mode/checkout/${res.result.sessionId}`);

      const [row] = await checkoutRows(a.accountId);
      expect(row).toMatchObject({
        provider_session_id: res.result.sessionId, user_id: a.admin.id, price_id: priceId, mode: 'subscription', purpose: 'subscription',
        status: 'open', url: res.result.url, completed_at: null,
      });
      expect(row.id).toMatch(/^chk_/);
      // What the provider was asked for: our ids in the metadata, the way back, and who pays.
      const session = await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', res.result.sessionId);
      expect(session).toMatchObject({
        mode: 'subscription', customer: null, customer_details: { email: a.admin.email }, client_reference_id: a.accountId,
        metadata: { accountId: a.accountId, checkoutSessionId: row.id, userId: a.admin.id, purpose: 'subscription' },
        successUrl: `http://localhost:3000/billing?checkout=success&session_id=${res.result.sessionId}`,
        cancelUrl: 'http://localhost:3000/services?checkout=cancelled',
        line: { description: 'Starter', unitAmount: 1200, interval: 'month' },
      });
    });

    it('a one-off price is bought in payment mode', async () => {
      const a = await accountWithMembers(t);
      const { priceIds: [priceId] } = await createPlan(t, { prices: [{ unitAmount: 5000, interval: null }] });
      const res = await t.call('createStripeCheckoutSession', { priceId, accountId: a.accountId }, a.owner);
      expect(res.status).toBe(200);
      expect(await checkoutRows(a.accountId)).toMatchObject([{ mode: 'payment', purpose: 'payment' }]);
    });

    it('reuses the account\'s customer; without one, prefills the billing e-mail', async () => {
      const a = await accountWithMembers(t);
      const { priceIds: [priceId] } = await createPlan(t);
      await t.call('updateBillingProfile', { accountId: a.accountId, billingEmail: 'Pay@Example.test' }, a.owner);
      const first = await t.call('createStripeCheckoutSession', { priceId, accountId: a.accountId }, a.owner);
      expect(await readTestObject(t.services.db, 'checkout_session', first.result.sessionId))
        .toMatchObject({ customer: null, customer_details: { email: 'pay@example.test' } });

      await setCustomer(a.accountId, 'cus_existing');
      const second = await t.call('createStripeCheckoutSession', { priceId, accountId: a.accountId }, a.owner);
      expect(await readTestObject(t.services.db, 'checkout_session', second.result.sessionId))
        .toMatchObject({ customer: 'cus_existing', customer_details: null });
    });

    it('a plain member gets the spec\'s warning; outsiders are refused; nothing is started', async () => {
      const { priceIds: [priceId] } = await createPlan(t);
      const before = (await checkoutRows(cast.accountId)).length;
      expect(await t.call('createStripeCheckoutSession', { priceId, accountId: cast.accountId }, cast.member))
        .toEqual({ status: 403, error: { status: 'PERMISSION_DENIED', message: BILLING_MANAGE_DENIED } });
      for (const user of [cast.outsider, cast.globalAdmin]) {
        expect(await t.call('createStripeCheckoutSession', { priceId, accountId: cast.accountId }, user))
          .toEqual({ status: 403, error: { status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS } });
      }
      expect((await t.call('createStripeCheckoutSession', { priceId, accountId: cast.accountId }, null)).status).toBe(401);
      expect(await checkoutRows(cast.accountId)).toHaveLength(before);
    });

    it('an unknown price, an inactive price or a price of an inactive product is not for sale', async () => {
      const a = await accountWithMembers(t);
      const inactivePrice = (await createPlan(t, { prices: [{ unitAmount: 100, interval: 'month', active: false }] })).priceIds[0];
      const inactiveProduct = (await createPlan(t, { active: false })).priceIds[0];
      for (const priceId of ['price_unknown', inactivePrice, inactiveProduct]) {
        expect(await t.call('createStripeCheckoutSession', { priceId, accountId: a.accountId }, a.owner))
          .toEqual({ status: 404, error: { status: 'NOT_FOUND', message: PLAN_UNAVAILABLE } });
      }
      expect(await checkoutRows(a.accountId)).toEqual([]);
    });

    it('refuses missing, overlong and wrongly typed ids and unknown fields', async () => {
      const { priceIds: [priceId] } = await createPlan(t);
      const cases: [unknown, string][] = [
        [{ accountId: cast.accountId }, 'Price ID is required.'],
        [{ priceId: '  ', accountId: cast.accountId }, 'Price ID is required.'],
        [{ priceId: 'p'.repeat(129), accountId: cast.accountId }, 'Price ID is not valid.'],
        [{ priceId }, 'Account ID is required.'],
        [{ priceId: 7, accountId: cast.accountId }, 'Price ID is required.'],
      ];
      for (const [data, message] of cases) {
        expect(await t.callRaw('createStripeCheckoutSession', data, cast.owner)).toMatchObject({ status: 400, error: { status: 'INVALID_ARGUMENT', message } });
      }
      expect((await t.callRaw('createStripeCheckoutSession', { priceId, accountId: cast.accountId, quantity: 100 }, cast.owner)).status).toBe(400);
      expect((await t.call('createStripeCheckoutSession', { priceId: 'price\u0000', accountId: cast.accountId }, cast.owner)).status).toBe(400);
    });

    it('a provider that fails answers UNAVAILABLE with our sentence, logs the cause with the request id, and writes nothing', async () => {
      const a = await accountWithMembers(t);
      const { priceIds: [priceId] } = await createPlan(t);
      const payments = t.services.payments;
      const original = payments.createCheckoutSession;
      payments.createCheckoutSession = async () => { throw new Error('Invalid API Key provided: sk_test_****SECRET'); };
      try {
        const res = await t.app.inject({
          method: 'POST', url: '/api/fn/createStripeCheckoutSession',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${a.owner.token}` },
          payload: JSON.stringify({ data: { priceId, accountId: a.accountId } }),
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: { status: 'UNAVAILABLE', message: PAYMENT_PROVIDER_UNAVAILABLE } });
        expect(res.body).not.toContain('SECRET');
        const requestId = res.headers['x-request-id'];
        expect(errorLog.some((line) => line.includes(String(requestId)) && line.includes('failed to create a checkout session'))).toBe(true);
      } finally {
        payments.createCheckoutSession = original;
      }
      expect(await checkoutRows(a.accountId)).toEqual([]);
    });
  });

  describe('createAccountStripePortalLink', () => {
    it('without a customer, billing must first be activated by subscribing', async () => {
      const a = await accountWithMembers(t);
      expect(await t.call('createAccountStripePortalLink', { accountId: a.accountId }, a.owner))
        .toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: BILLING_NOT_ACTIVATED } });
    });

    it('with a customer, the owner and admins get the test portal for it, returning to /billing', async () => {
      const a = await accountWithMembers(t);
      const { customerId } = await paidTestCheckout(t, a.owner, a.accountId);
      for (const user of [a.owner, a.admin]) {
        const res = await t.call('createAccountStripePortalLink', { accountId: a.accountId }, user);
        expect(res.status).toBe(200);
        const portalId = res.result.url.match(/^http:\/\/localhost:3000\/test-mode\/portal\/(.+)$/)?.[1];
        expect(await readTestObject<TestPortalRecord>(t.services.db, 'portal_session', portalId!)).toMatchObject({
          customerId, accountId: a.accountId, userId: user.id, returnUrl: 'http://localhost:3000/billing',
        });
      }
    });

    it('a customer the provider does not know (e.g. made in another mode) gets a sentence to act on, not a failure', async () => {
      const a = await accountWithMembers(t);
      await setCustomer(a.accountId, 'cus_unknown_to_the_provider');
      expect(await t.call('createAccountStripePortalLink', { accountId: a.accountId }, a.owner))
        .toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: PAYMENT_CUSTOMER_UNKNOWN } });
    });

    it('a plain member gets the spec\'s warning; outsiders are refused', async () => {
      await setCustomer(cast.accountId, 'cus_cast');
      expect(await t.call('createAccountStripePortalLink', { accountId: cast.accountId }, cast.member))
        .toEqual({ status: 403, error: { status: 'PERMISSION_DENIED', message: BILLING_MANAGE_DENIED } });
      for (const user of [cast.outsider, cast.globalAdmin]) {
        expect((await t.call('createAccountStripePortalLink', { accountId: cast.accountId }, user)).status).toBe(403);
      }
      expect((await t.call('createAccountStripePortalLink', { accountId: cast.accountId }, null)).status).toBe(401);
      expect((await t.callRaw('createAccountStripePortalLink', { accountId: cast.accountId, customerId: 'cus_other' }, cast.owner)).status).toBe(400);
    });

    it('a provider that fails answers UNAVAILABLE', async () => {
      const a = await accountWithMembers(t);
      await setCustomer(a.accountId, 'cus_down');
      const payments = t.services.payments;
      const original = payments.createPortalSession;
      payments.createPortalSession = async () => { throw new Error('connect ECONNREFUSED'); };
      try {
        expect(await t.call('createAccountStripePortalLink', { accountId: a.accountId }, a.owner))
          .toEqual({ status: 503, error: { status: 'UNAVAILABLE', message: PAYMENT_PROVIDER_UNAVAILABLE } });
      } finally {
        payments.createPortalSession = original;
      }
    });
  });
});
