import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { placedOrder } from '../../../../../test/support/samples/domainOrders.ts';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { GOOD_CARD } from '../../../../../test/support/payments/testModePayments.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { PAYMENT_PROVIDER_UNAVAILABLE } from '../../../../common/billing/texts.ts';
import { ACCOUNT_ORDERS_PAGE_SIZE, INVALID_ORDERS_PAGE } from '../../../../common/domains/ordersContract.ts';
import { AUTOMATIC_RENEWAL_CHARGED, AUTOMATIC_RENEWAL_ORDERED_BY, ORDER_NOT_FOUND } from '../../../../common/domains/orders.ts';
import { readTestObject, type TestCheckoutRecord } from '../../../integrations/payments/testMode/testObjects.ts';
import { ORDER_NOT_AWAITING_PAYMENT, ORDER_PAID_MEANWHILE } from './texts.ts';

describeEachDialect('the account\'s orders: listDomainOrders and cancelDomainOrder', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });
  afterEach(() => { vi.restoreAllMocks(); });

  const sessionIdOf = (url: string) => /\/test-mode\/checkout\/([^/?]+)$/.exec(url)![1];
  const orderRow = (orderId: string) => t.services.db.selectFrom('domain_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const setOrder = (orderId: string, values: Record<string, unknown>) => t.services.db.updateTable('domain_orders').set(values).where('id', '=', orderId).execute();
  const list = (cursor?: string | null) => t.call('listDomainOrders', { accountId: cast.accountId, cursor }, cast.member);

  describe('listDomainOrders', () => {
    it('puts every order awaiting payment first, then the others newest first, a page at a time', async () => {
      const base = Date.parse('2026-01-01T00:00:00.000Z');
      const unpaid = await placedOrder(t, cast.member, cast.accountId);
      const others: string[] = [];
      for (let n = 0; n < ACCOUNT_ORDERS_PAGE_SIZE + 2; n++) {
        const id = await placedOrder(t, cast.member, cast.accountId);
        await setOrder(id, { status: n % 2 ? 'completed' : 'cancelled', payment_status: n % 2 ? 'paid' : 'pending', created_at: new Date(base + n * 60_000).toISOString() });
        others.push(id);
      }
      // An older unpaid order still comes before every paid one.
      await setOrder(unpaid, { created_at: new Date(base - 86_400_000).toISOString() });

      const first = await list();
      expect(first.status).toBe(200);
      expect(first.result.awaitingPayment.map((o) => o.orderId)).toEqual([unpaid]);
      expect(first.result.awaitingPayment[0]).toMatchObject({ kind: 'registration', status: 'pending_payment', canPay: true, canCancel: true });
      const newestFirst = [...others].reverse();
      expect(first.result.orders.map((o) => o.orderId)).toEqual(newestFirst.slice(0, ACCOUNT_ORDERS_PAGE_SIZE));
      expect(first.result.orders.every((o) => !o.canPay && !o.canCancel)).toBe(true);

      const second = await list(first.result.nextCursor);
      expect(second.result).toEqual({ awaitingPayment: [], orders: expect.any(Array), nextCursor: null });
      expect(second.result.orders.map((o) => o.orderId)).toEqual(newestFirst.slice(ACCOUNT_ORDERS_PAGE_SIZE));
    });

    it('an automatic renewal awaiting its charge is listed but offers neither Pay now nor Cancel', async () => {
      const id = await placedOrder(t, cast.member, cast.accountId);
      await setOrder(id, { kind: 'renewal', user_id: null, ordered_by: AUTOMATIC_RENEWAL_ORDERED_BY });
      const listed = (await list()).result.awaitingPayment.find((o) => o.orderId === id);
      expect(listed).toMatchObject({ kind: 'renewal', canPay: false, canCancel: false });
      expect((await t.call('cancelDomainOrder', { orderId: id }, cast.owner)).error!.message).toBe(AUTOMATIC_RENEWAL_CHARGED);
    });

    it('shows no other account\'s orders and refuses a forged page link', async () => {
      const theirs = await placedOrder(t, cast.outsider, cast.otherAccountId);
      const all = await list();
      expect([...all.result.awaitingPayment, ...all.result.orders].some((o) => o.orderId === theirs)).toBe(false);
      expect((await t.call('listDomainOrders', { accountId: cast.otherAccountId }, cast.member)).status).toBe(403);
      for (const cursor of ['not-a-cursor', Buffer.from(JSON.stringify({ c: '2026-02-30T00:00:00.000Z', i: 'x' })).toString('base64url')]) {
        expect(await list(cursor)).toMatchObject({ status: 400, error: { message: INVALID_ORDERS_PAGE } });
      }
    });
  });

  describe('cancelDomainOrder', () => {
    it('closes the open checkout at the provider, then cancels: the old checkout can no longer take the money', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const { url } = (await t.call('payDomainOrder', { orderId }, cast.member)).result;
      const res = await t.call('cancelDomainOrder', { orderId }, cast.member);
      expect(res.status).toBe(200);
      expect(res.result.order).toMatchObject({ orderId, status: 'cancelled', paymentStatus: 'pending' });
      expect((await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', sessionIdOf(url)))!.status).toBe('expired');
      const late = await t.call('payTestCheckout', { sessionId: sessionIdOf(url), ...GOOD_CARD }, cast.member);
      expect(late.status).toBeGreaterThanOrEqual(400);
      expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'pending', paid_at: null });
      const events = await t.services.db.selectFrom('platform_events').select('payload').where('event_type', '=', 'order.domain.cancelled').execute();
      expect(events.map((e) => JSON.parse(e.payload)).filter((p) => p.orderId === orderId)).toEqual([expect.objectContaining({ reason: 'customer' })]);
      expect((await t.call('cancelDomainOrder', { orderId }, cast.member)).error!.message).toBe(ORDER_NOT_AWAITING_PAYMENT);
    });

    it('refuses when the payment came first, and leaves the order to its payment', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const { url } = (await t.call('payDomainOrder', { orderId }, cast.member)).result;
      const asked: string[] = [];
      const real = t.services.payments.retrieveCheckoutSession.bind(t.services.payments);
      vi.spyOn(t.services.payments, 'expireCheckoutSession').mockImplementation(async (id) => {
        asked.push(id);
        return { ...await real(id), status: 'complete', payment_status: 'paid' };
      });
      expect(await t.call('cancelDomainOrder', { orderId }, cast.member)).toMatchObject({ status: 400, error: { message: ORDER_PAID_MEANWHILE } });
      expect((await orderRow(orderId)).status).toBe('pending_payment');
      expect(asked).toEqual([sessionIdOf(url)]);
    });

    it('refuses with our sentence when the provider cannot be asked, and changes nothing', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      await t.call('payDomainOrder', { orderId }, cast.member);
      vi.spyOn(t.services.payments, 'expireCheckoutSession').mockRejectedValue(new Error('socket hang up at 10.0.0.7:443'));
      const res = await t.call('cancelDomainOrder', { orderId }, cast.member);
      expect(res).toMatchObject({ status: 503, error: { message: PAYMENT_PROVIDER_UNAVAILABLE } });
      expect(JSON.stringify(res)).not.toMatch(/socket|10\.0\.0\.7/);
      expect((await orderRow(orderId)).status).toBe('pending_payment');
    });

    it('an order of another account is not found, and stays as it is', async () => {
      const theirs = await placedOrder(t, cast.outsider, cast.otherAccountId);
      for (const who of [cast.member, cast.owner, cast.globalAdmin]) {
        expect(await t.call('cancelDomainOrder', { orderId: theirs }, who)).toMatchObject({ status: 404, error: { message: ORDER_NOT_FOUND } });
      }
      expect((await t.call('cancelDomainOrder', { orderId: theirs }, null)).status).toBe(401);
      expect((await orderRow(theirs)).status).toBe('pending_payment');
    });
  });
});
