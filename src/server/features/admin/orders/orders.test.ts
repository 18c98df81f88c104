import { randomBytes } from 'node:crypto';
import type { FnInput, FunctionName } from '../../../../common/contracts/index.ts';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSandboxSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { createUser, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import {
  DATE_RANGE_REVERSED, INVALID_ORDERS_CURSOR, NOT_COMPLETABLE, NOTES_REQUIRED_TO_CANCEL, ORDER_COUNT_CAP, PROCESSING_IS_RETRY, RETRY_MESSAGES,
  REGISTRAR_NAME_REQUIRED, SELECT_ORDERS_TO_RETRY, transitionRefused, UNKNOWN_SUPPLIER, USE_MANUAL_COMPLETION,
} from '../../../../common/admin/orders/texts.ts';
import { ORDER_NOT_FOUND, type OrderStatus, type PaymentStatus } from '../../../../common/domains/orders.ts';
import { PaymentProviderError } from '../../../integrations/payments/provider.ts';
import { readTestObject } from '../../../integrations/payments/testMode/testObjects.ts';
import { orderContact } from '../../../../../test/support/domains/fulfilment.ts';
import { insertOrder } from '../../domains/index.ts';

const DAY = 86_400_000;

interface Seed {
  accountId: string;
  userId: string | null;
  domain?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  totalCents?: number;
  createdAt?: string;
  paymentReference?: string | null;
  error?: string | null;
}

describeEachDialect('back-office orders', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    operator = await signUpOperator(t);
    await seedSandboxSupplier(t.services.db);
  });
  afterAll(async () => { await t.stop(); });

  /** An order row as the customer functions and the job leave it, in any state. */
  async function seedOrder(s: Seed): Promise<string> {
    const id = `ord_${randomBytes(9).toString('base64url')}`;
    const domain = s.domain ?? `admin-${randomBytes(5).toString('hex')}.com`;
    const createdAt = s.createdAt ?? new Date().toISOString();
    await insertOrder(t.services.db, {
      id, kind: 'registration', accountId: s.accountId, userId: s.userId, orderedBy: 'Test', domain, tld: 'com', domainId: null, years: 1,
      priceCents: s.totalCents ?? 1299, currency: 'USD', contactInfo: orderContact, privacyProtection: true, autoRenew: true, now: createdAt,
    });
    await t.services.db.updateTable('domain_orders').set({
      status: s.status ?? 'pending_payment', payment_status: s.paymentStatus ?? 'pending', error: s.error ?? null,
      payment_reference: s.paymentReference ?? null, paid_at: s.paymentStatus === 'paid' ? createdAt : null,
    }).where('id', '=', id).execute();
    return id;
  }
  const paidFailed = (extra: Partial<Seed> = {}) => seedOrder({
    accountId: cast.accountId, userId: cast.member.id, status: 'failed', paymentStatus: 'paid', paymentReference: `pi_test_${randomBytes(6).toString('hex')}`, ...extra,
  });
  const row = (id: string) => t.services.db.selectFrom('domain_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const call = <N extends FunctionName>(name: N, input: FnInput<N>) => t.call(name, input, operator);


  async function freshAccount(): Promise<string> {
    const owner = await createUser(t);
    const res = await call('adminCreateAccount', { accountName: `Orders ${randomBytes(4).toString('hex')}`, ownerEmail: owner.email });
    expect(res.status).toBe(200);
    return res.result.account.id;
  }

  describe('getAllOrders', () => {
    let accountId: string;
    const ids: { id: string; domain: string; total: number; createdAt: string; status: OrderStatus }[] = [];

    beforeAll(async () => {
      accountId = await freshAccount();
      const base = Date.parse('2025-03-10T12:00:00.000Z');
      // Ties on purpose: equal totals and equal creation times, so the id must break them.
      for (let i = 0; i < 11; i += 1) {
        const domain = `${String.fromCharCode(97 + (i % 5))}list-${i}.com`;
        const createdAt = new Date(base + Math.floor(i / 2) * DAY).toISOString();
        const total = 1000 + (i % 3) * 500;
        const status: OrderStatus = i % 4 === 0 ? 'failed' : 'completed';
        ids.push({ id: await seedOrder({ accountId, userId: null, domain, totalCents: total, createdAt, status, paymentStatus: 'paid' }), domain, total, createdAt, status });
      }
    });

    async function everyPage(input: Record<string, unknown>) {
      const seen: string[] = [];
      let startAfter: string | undefined;
      for (let page = 0; page < 20; page += 1) {
        const res = await call('getAllOrders', { ...input, accountId, limit: 3, ...(startAfter ? { startAfter } : {}) });
        expect(res.status).toBe(200);
        seen.push(...res.result.orders.map((o: { id: string }) => o.id));
        if (!res.result.pagination.hasMore) {
          expect(res.result.pagination.nextStartAfter).toBeNull();
          return seen;
        }
        startAfter = res.result.pagination.nextStartAfter ?? undefined;
      }
      throw new Error('the pages never ended');
    }

    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = (key: (o: (typeof ids)[number]) => string | number, order: 'asc' | 'desc') => [...ids]
      .sort((x, y) => (cmp(key(x), key(y)) || cmp(x.id, y.id)) * (order === 'asc' ? 1 : -1)).map((o) => o.id);

    for (const sortOrder of ['asc', 'desc'] as const) {
      it(`pages through every order once, in order, by createdAt, domain and totalPrice (${sortOrder})`, async () => {
        expect(await everyPage({ sortBy: 'createdAt', sortOrder })).toEqual(expected((o) => o.createdAt, sortOrder));
        expect(await everyPage({ sortBy: 'domain', sortOrder })).toEqual(expected((o) => o.domain, sortOrder));
        expect(await everyPage({ sortBy: 'totalPrice', sortOrder })).toEqual(expected((o) => o.total, sortOrder));
      });
    }

    it('shows each order with its account, payment, total and the account total; filters by status, domain prefix and dates', async () => {
      const first = await call('getAllOrders', { accountId, sortBy: 'createdAt', sortOrder: 'asc', limit: 1, domain: '', status: null });
      const oldest = ids.find((o) => o.id === expected((o) => o.createdAt, 'asc')[0])!;
      expect(first.result.orders[0]).toMatchObject({
        id: oldest.id, domain: oldest.domain, accountId, status: oldest.status, paymentStatus: 'paid', totalCents: oldest.total, totalPrice: oldest.total / 100,
        currency: 'USD', createdAt: oldest.createdAt, adminActionRequired: false,
      });
      expect(first.result.orders[0].accountName).toMatch(/^Orders /);
      expect(first.result.pagination).toMatchObject({ hasMore: true, lastOrderId: oldest.id, totalCount: 11, totalCountCapped: false });

      const failed = await call('getAllOrders', { accountId, status: 'failed' });
      expect(failed.result.orders.map((o: { id: string }) => o.id).sort()).toEqual(ids.filter((_, i) => i % 4 === 0).map((o) => o.id).sort());
      expect(failed.result.pagination.totalCount).toBe(3);

      const byPrefix = await call('getAllOrders', { accountId, domain: '  BLIST ' });
      expect(byPrefix.result.orders.map((o: { domain: string }) => o.domain).sort()).toEqual(['blist-1.com', 'blist-6.com']);

      // Days 0..5 hold orders 0-1, 2-3, ...; the 11th and 12th of March are days 1 and 2.
      const dated = await call('getAllOrders', { accountId, dateFrom: '2025-03-11', dateTo: '2025-03-12', sortBy: 'createdAt', sortOrder: 'asc' });
      expect(dated.result.orders.map((o: { id: string }) => o.id).sort()).toEqual(ids.slice(2, 6).map((o) => o.id).sort());
      expect(dated.result.pagination.totalCount).toBe(4);

      // A page whose cursor lies past every match has no row to carry the total (PostgreSQL reads them together): it is still counted.
      const tenth = await call('getAllOrders', { accountId, sortBy: 'createdAt', sortOrder: 'asc', limit: 10 });
      const afterTenth = { accountId, sortBy: 'createdAt', sortOrder: 'asc', startAfter: tenth.result.pagination.nextStartAfter };
      const noFailedLater = await call('getAllOrders', { ...afterTenth, status: 'failed' });
      expect(noFailedLater.result.orders).toEqual([]);
      expect(noFailedLater.result.pagination).toMatchObject({ hasMore: false, totalCount: 3, totalCountCapped: false });
      const noPrefixLater = await call('getAllOrders', { ...afterTenth, domain: 'blist' });
      expect(noPrefixLater.result.orders).toEqual([]);
      expect(noPrefixLater.result.pagination).toMatchObject({ hasMore: false, totalCount: 2, totalCountCapped: false });
    });

    it('counts all orders and status or date filters exactly from the day counts', async () => {
      const all = await call('getAllOrders', {});
      const inDb = await t.services.db.selectFrom('domain_orders').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      expect(all.result.pagination).toMatchObject({ totalCount: Number(inDb.n), totalCountCapped: false });
      const day = await call('getAllOrders', { dateFrom: '2025-03-10', dateTo: '2025-03-10', status: 'failed' });
      expect(day.result.pagination.totalCount).toBe(1);
      expect(day.result.orders.map((o: { id: string }) => o.id)).toEqual([ids[0]!.id]);
    });

    it('pages through a date range once, in order, by each sort, whether the range holds few orders or all of them', async () => {
      // June 2019 holds only these: on SQLite that range is read by date and sorted, while all time walks the sort's own order.
      const base = Date.parse('2019-06-03T08:00:00.000Z');
      for (let i = 0; i < 7; i += 1) {
        const createdAt = new Date(base + Math.floor(i / 3) * DAY).toISOString();
        await seedOrder({ accountId, userId: null, domain: `${String.fromCharCode(118 + (i % 3))}dated-${i}.com`, totalCents: 900 + (i % 2) * 100, createdAt });
      }
      const columns = { createdAt: 'created_at', domain: 'domain', totalPrice: 'total_cents' } as const;
      for (const range of [{ dateFrom: '2019-06-01', dateTo: '2019-06-30' }, { dateFrom: '2000-01-01', dateTo: '2099-12-31' }]) {
        for (const sortBy of ['createdAt', 'domain', 'totalPrice'] as const) {
          for (const sortOrder of ['asc', 'desc'] as const) {
            const inDb = await t.services.db.selectFrom('domain_orders').select('id')
              .where('created_at', '>=', `${range.dateFrom}T00:00:00.000Z`).where('created_at', '<', `${range.dateTo}T23:59:59.999Z`)
              .orderBy(columns[sortBy], sortOrder).orderBy('id', sortOrder).execute();
            const seen: string[] = [];
            let startAfter: string | undefined;
            do {
              const res = await call('getAllOrders', { ...range, sortBy, sortOrder, limit: 3, ...(startAfter ? { startAfter } : {}) });
              expect(res.status).toBe(200);
              expect(res.result.pagination.totalCount).toBe(inDb.length);
              seen.push(...res.result.orders.map((o: { id: string }) => o.id));
              startAfter = res.result.pagination.nextStartAfter ?? undefined;
            } while (startAfter && seen.length <= inDb.length);
            expect(seen).toEqual(inDb.map((o) => o.id));
          }
        }
      }
    });

    it('stops counting a broad domain filter at the cap and says so, and still pages through every match in order', async () => {
      const big = await freshAccount();
      const now = new Date().toISOString();
      const rows = Array.from({ length: ORDER_COUNT_CAP + 1 }, (_, i) => ({
        id: `ord_cap_${dialect}_${i}`, kind: 'registration' as const, account_id: big, user_id: null, domain: `zzcap-${i}.com`, tld: 'com', years: 1,
        price_cents: 100, total_cents: 100, currency: 'USD', created_at: now, updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 500) await t.services.db.insertInto('domain_orders').values(rows.slice(i, i + 500)).execute();
      const res = await call('getAllOrders', { domain: 'zzcap-', limit: 2 });
      expect(res.result.pagination).toMatchObject({ hasMore: true, totalCount: ORDER_COUNT_CAP, totalCountCapped: true });
      // Past the cap SQLite walks the sort's order (by price it counts on to choose); every match is still listed once, in order.
      const columns = { createdAt: 'created_at', domain: 'domain', totalPrice: 'total_cents' } as const;
      for (const sortBy of ['createdAt', 'domain', 'totalPrice'] as const) {
        const sortOrder = sortBy === 'domain' ? 'asc' : 'desc';
        const inDb = await t.services.db.selectFrom('domain_orders').select('id').where('domain', 'like', 'zzcap-%')
          .orderBy(columns[sortBy], sortOrder).orderBy('id', sortOrder).execute();
        const seen: string[] = [];
        let startAfter: string | undefined;
        do {
          const page = await call('getAllOrders', { domain: 'zzcap-', sortBy, sortOrder, limit: 100, ...(startAfter ? { startAfter } : {}) });
          seen.push(...page.result.orders.map((o: { id: string }) => o.id));
          startAfter = page.result.pagination.nextStartAfter ?? undefined;
        } while (startAfter && seen.length <= inDb.length);
        expect(seen).toEqual(inDb.map((o) => o.id));
      }
      await t.services.db.deleteFrom('domain_orders').where('account_id', '=', big).execute();
    });

    it('refuses impossible dates, reversed ranges, foreign cursors and wrong types with sentences', async () => {
      const refused = async (input: unknown) => {
        const res = await t.callRaw('getAllOrders', input, operator);
        expect(res.status).toBe(400);
        return res.error!.message as string;
      };
      expect(await refused({ dateFrom: '2026-02-30' })).toMatch(/Date from is not a real calendar date\./);
      expect(await refused({ dateTo: '31/01/2026' })).toMatch(/Date to must be a date \(YYYY-MM-DD\)\./);
      expect(await refused({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })).toMatch(DATE_RANGE_REVERSED);
      expect(await refused({ limit: 101 })).toMatch(/Limit must be at most 100\./);
      expect(await refused({ sortBy: 'price' })).toMatch(/Sort must be createdAt, domain or totalPrice\./);
      expect(await refused({ status: 'lost' })).toMatch(/Status must be one of/);
      expect(await refused({ startAfter: 'not-a-cursor' })).toMatch(INVALID_ORDERS_CURSOR);
      expect(await refused({ domain: 'x'.repeat(300) })).toMatch(/Domain filter must be at most 253 characters\./);
      expect(await refused([1])).toMatch(/The input must be an object of named fields\./);
      const page = await call('getAllOrders', { limit: 1, sortBy: 'domain' });
      expect(await refused({ limit: 1, sortBy: 'totalPrice', startAfter: page.result.pagination.nextStartAfter })).toMatch(INVALID_ORDERS_CURSOR);
    });
  });

  describe('getFailedOrders', () => {
    it('lists failed and manual-processing orders oldest first with priority by age, last error and attempts', async () => {
      const at = (days: number) => new Date(Date.now() - days * DAY - 60_000).toISOString();
      const old = await paidFailed({ createdAt: at(400), error: 'No registrar could register it.' });
      const medium = await seedOrder({ accountId: cast.accountId, userId: cast.member.id, status: 'requires_manual_processing', paymentStatus: 'paid', createdAt: at(4) });
      const fresh = await paidFailed({ createdAt: at(1) });
      const answers = ['Refused.', 'The supplier refused our credentials. namecheap: 1011102 API Key is invalid (ApiUser=acme&ApiKey=0f3c9a77).'];
      await t.services.db.insertInto('domain_order_attempts').values([1, 2].map((n) => ({
        id: `att_${old}_${n}`, order_id: old, supplier_id: 'sandbox', operation: 'register', outcome: 'failed', reason: answers[n - 1], duration_ms: 12,
        idempotency_key: `k${n}`, started_at: at(400 - n / 1000), finished_at: at(400),
      }))).execute();
      const res = await call('getFailedOrders', {});
      expect(res.status).toBe(200);
      const mine = res.result.failedOrders.filter((o: { id: string }) => [old, medium, fresh].includes(o.id));
      expect(mine.map((o: { id: string; priority: string }) => [o.id, o.priority])).toEqual([[old, 'high'], [medium, 'medium'], [fresh, 'low']]);
      expect(mine[0]).toMatchObject({
        error: 'No registrar could register it.', attempts: 2, status: 'failed', paymentStatus: 'paid',
        registrarAnswer: 'The supplier refused our credentials. namecheap: 1011102 API Key is invalid (ApiUser=acme&ApiKey=••••).',
      });
      expect(mine[1]).toMatchObject({ registrarAnswer: null });
      expect(res.result.totalCount).toBeGreaterThanOrEqual(3);
      expect((await call('getFailedOrders', { limit: 51 })).error!.message).toMatch(/Limit must be at most 50\./);
      expect((await call('getFailedOrders', { limit: 1 })).result.failedOrders).toHaveLength(1);
    });
  });

  describe('bulkRetryOrders', () => {
    it('asks for a selection, refuses unknown registrars and repeated ids', async () => {
      expect((await call('bulkRetryOrders', { orderIds: [] })).error!.message).toMatch(SELECT_ORDERS_TO_RETRY);
      expect((await t.callRaw('bulkRetryOrders', {}, operator)).error!.message).toMatch(SELECT_ORDERS_TO_RETRY);
      const id = await paidFailed();
      expect((await call('bulkRetryOrders', { orderIds: [id, id] })).error!.message).toMatch(/Each order can be selected only once\./);
      const unknown = await call('bulkRetryOrders', { orderIds: [id], forceRegistrar: 'nowhere' });
      expect(unknown).toMatchObject({ status: 400, error: { message: UNKNOWN_SUPPLIER } });
      expect((await row(id)).status).toBe('failed');
    });

    it('sends paid failed orders back to processing with their job and says per order why others were not', async () => {
      const good = await paidFailed();
      const manual = await paidFailed({ status: 'requires_manual_processing' });
      const unpaid = await seedOrder({ accountId: cast.accountId, userId: null, status: 'failed', paymentStatus: 'pending' });
      const done = await paidFailed({ status: 'completed' });
      const cancelled = await paidFailed({ status: 'cancelled' });
      const running = await paidFailed({ status: 'processing' });
      const res = await call('bulkRetryOrders', { orderIds: [good, manual, unpaid, done, cancelled, running, 'ord_missing'], forceRegistrar: 'sandbox' });
      expect(res.status).toBe(200);
      expect(res.result).toEqual({
        success: true, summary: { successful: 2, failed: 5 },
        results: [
          { orderId: good, ok: true, message: RETRY_MESSAGES.queued },
          { orderId: manual, ok: true, message: RETRY_MESSAGES.queued },
          { orderId: unpaid, ok: false, message: RETRY_MESSAGES.unpaid },
          { orderId: done, ok: false, message: RETRY_MESSAGES.completed },
          { orderId: cancelled, ok: false, message: RETRY_MESSAGES.cancelled },
          { orderId: running, ok: false, message: RETRY_MESSAGES.processing },
          { orderId: 'ord_missing', ok: false, message: RETRY_MESSAGES.notFound },
        ],
      });
      expect(await row(good)).toMatchObject({ status: 'processing', error: null });
      expect((await row(unpaid)).status).toBe('failed');
      const jobs = await t.services.db.selectFrom('jobs').select(['payload', 'singleton_key']).where('singleton_key', '=', good).execute();
      expect(jobs.map((j) => JSON.parse(j.payload))).toEqual([{ orderId: good, forceSupplierId: 'sandbox' }]);
      expect(await auditEntries(t, 'order.retried', good)).toEqual([expect.objectContaining({
        actorUserId: operator.id, before: { status: 'failed', paymentStatus: 'paid', adminActionRequired: false }, after: { status: 'processing', forceRegistrar: 'sandbox' },
      })]);
    });
  });

  describe('getOrderDetails', () => {
    it('shows every field, the notes, the attempts, account, user and the moves allowed now', async () => {
      const id = await paidFailed({ error: 'Refused everywhere.' });
      await t.services.db.updateTable('domain_orders').set({ admin_notes: 'one\ntwo\nthree', admin_action_required: true }).where('id', '=', id).execute();
      await t.services.db.insertInto('domain_order_attempts').values({
        id: `att_${id}`, order_id: id, supplier_id: 'sandbox', operation: 'register', outcome: 'failed', reason: 'Refused.', duration_ms: 40,
        idempotency_key: 'k', started_at: '2026-01-01T00:00:00.000Z', finished_at: '2026-01-01T00:00:01.000Z',
      }).execute();
      const res = await call('getOrderDetails', { orderId: id });
      expect(res.status).toBe(200);
      expect(res.result.order).toMatchObject({
        id, status: 'failed', paymentStatus: 'paid', error: 'Refused everywhere.', adminNotes: 'one\ntwo\nthree', adminActionRequired: true,
        contactInfo: orderContact, user: { displayName: cast.member.name, email: cast.member.email },
        registrationAttempts: [{ registrarId: 'sandbox', registrar: 'Sandbox', operation: 'register', success: false, reason: 'Refused.', attemptedAt: '2026-01-01T00:00:00.000Z', durationMs: 40 }],
        allowedStatuses: ['requires_manual_processing', 'cancelled'], canRetry: true, canComplete: true,
      });
      expect(res.result.order.account.name).toBeTruthy();
      const done = await call('getOrderDetails', { orderId: await paidFailed({ status: 'completed' }) });
      expect(done.result.order).toMatchObject({ allowedStatuses: [], canRetry: false, canComplete: false });
      expect(await call('getOrderDetails', { orderId: 'ord_nope' })).toMatchObject({ status: 404, error: { message: ORDER_NOT_FOUND } });
      expect((await call('getOrderDetails', { orderId: '' })).error!.message).toMatch(/Order ID is required\./);
    });
  });

  describe('updateOrderStatus', () => {
    it('moves only where the state machine allows and names both statuses otherwise', async () => {
      const done = await paidFailed({ status: 'completed' });
      expect(await call('updateOrderStatus', { orderId: done, status: 'failed' }))
        .toMatchObject({ status: 400, error: { message: transitionRefused('completed', 'failed') } });
      const failed = await paidFailed();
      expect((await call('updateOrderStatus', { orderId: failed, status: 'processing' })).error!.message).toBe(PROCESSING_IS_RETRY);
      expect((await call('updateOrderStatus', { orderId: failed, status: 'completed' })).error!.message).toBe(USE_MANUAL_COMPLETION);
      expect((await call('updateOrderStatus', { orderId: 'ord_nope', status: 'failed' })).status).toBe(404);
      expect((await row(failed)).status).toBe('failed');
    });

    it('requires_manual_processing flags the order and appends the note with date and operator', async () => {
      const id = await paidFailed();
      const res = await call('updateOrderStatus', { orderId: id, status: 'requires_manual_processing', notes: 'Waiting\nfor the registry', adminActionRequired: false });
      expect(res.status).toBe(200);
      expect(res.result.order).toMatchObject({ status: 'requires_manual_processing', adminActionRequired: true });
      expect(res.result.order.adminNotes).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} ${operator.email.replace(/[.+]/g, '\\$&')}: Waiting for the registry$`));
      const again = await call('updateOrderStatus', { orderId: id, status: 'requires_manual_processing', notes: 'Called them' });
      expect(again.result.order.adminNotes!.split('\n')).toHaveLength(2);
      expect(await auditEntries(t, 'order.status_changed', id)).toHaveLength(2);
    });

    it('cancelling needs notes; a paid order is refunded through the provider first', async () => {
      const id = await paidFailed();
      expect((await call('updateOrderStatus', { orderId: id, status: 'cancelled' })).error!.message).toBe(NOTES_REQUIRED_TO_CANCEL);
      const res = await call('updateOrderStatus', { orderId: id, status: 'cancelled', notes: 'Customer asked' });
      expect(res.status).toBe(200);
      expect(res.result.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(res.result.order.refundedAt).toBeTruthy();
      const order = await row(id);
      const refund = await readTestObject<{ payment_intent: string; amount: number; reason: string }>(t.services.db, 'refund', `re_refund_domain_order_${id}`);
      expect(refund).toMatchObject({ payment_intent: order.payment_reference, amount: order.total_cents, reason: 'Customer asked' });
      const [entry] = await auditEntries(t, 'order.status_changed', id);
      expect(entry).toMatchObject({ before: { status: 'failed', paymentStatus: 'paid' }, after: { status: 'cancelled', paymentStatus: 'refunded' } });
    });

    it('a refused refund leaves the order as it was; an unpaid order is cancelled without a refund', async () => {
      const id = await paidFailed();
      const real = t.services.payments.refundPayment;
      t.services.payments.refundPayment = async () => { throw new PaymentProviderError('invalid_request', 'Charge has already been refunded.'); };
      try {
        const res = await call('updateOrderStatus', { orderId: id, status: 'cancelled', notes: 'Customer asked' });
        expect(res).toMatchObject({ status: 400, error: { message: 'The refund was refused, so the order was not cancelled: Charge has already been refunded.' } });
      } finally {
        t.services.payments.refundPayment = real;
      }
      expect(await row(id)).toMatchObject({ status: 'failed', payment_status: 'paid', admin_notes: null, refunded_at: null });
      expect(await auditEntries(t, 'order.status_changed', id)).toEqual([]);

      const unpaid = await seedOrder({ accountId: cast.accountId, userId: null });
      const res = await call('updateOrderStatus', { orderId: unpaid, status: 'cancelled', notes: 'Never paid' });
      expect(res.result.order).toMatchObject({ status: 'cancelled', paymentStatus: 'pending', refundedAt: null });
    });
  });

  describe('manuallyCompleteOrder', () => {
    const input = (orderId: string, extra: Record<string, unknown> = {}) => ({
      orderId, registrationId: 'REG-778', registrar: 'other', registrarName: 'Gandi', expirationDate: `${new Date().getUTCFullYear() + 1}-05-01`, nameservers: [], ...extra,
    });

    it('creates the customer\'s working domain and completes the order', async () => {
      const domain = `manual-${randomBytes(5).toString('hex')}.com`;
      const id = await paidFailed({ domain });
      const res = await call('manuallyCompleteOrder', input(id, { nameservers: ['  NS1.Example.NET ', '', 'ns2.example.net.', '   '], notes: 'Registered by phone' }));
      expect(res.status).toBe(200);
      expect(res.result.order).toMatchObject({
        status: 'completed', registrationStatus: 'registered', registrationId: 'REG-778', adminActionRequired: false, canComplete: false, error: null,
        expirationDate: input(id).expirationDate + 'T00:00:00.000Z', registrar: 'Gandi',
      });
      expect((await call('getOrderDetails', { orderId: id })).result.order.registrar).toBe('Gandi');
      expect(res.result.order.adminNotes).toMatch(/: Registered by phone$/);

      const listed = await t.call('listDomains', { accountId: cast.accountId }, cast.member);
      expect(listed.result.domains.map((d: { domain: string }) => d.domain)).toContain(domain);
      const detail = await t.call('getDomainDetails', { domain }, cast.member);
      expect(detail.status).toBe(200);
      expect(JSON.stringify(detail.result)).toContain('ns1.example.net');
      expect(await auditEntries(t, 'order.manually_completed', id)).toEqual([expect.objectContaining({
        actorUserId: operator.id, after: expect.objectContaining({ status: 'completed', registrar: 'other', nameservers: ['ns1.example.net', 'ns2.example.net'] }),
      })]);

      expect(await call('manuallyCompleteOrder', input(id))).toMatchObject({ status: 400, error: { message: NOT_COMPLETABLE } });
    });

    it('refuses cancelled orders, unknown registrars, bad dates and bad nameservers with sentences', async () => {
      const id = await paidFailed();
      const refused = async (extra: Record<string, unknown>) => (await call('manuallyCompleteOrder', input(id, extra))).error!.message as string;
      expect(await refused({ registrar: 'nowhere' })).toBe(UNKNOWN_SUPPLIER);
      for (const registrarName of [undefined, '', '   ']) expect(await refused({ registrarName })).toMatch(REGISTRAR_NAME_REQUIRED);
      expect(await refused({ registrarName: 'x'.repeat(101) })).toMatch(/Registrar name must be at most 100 characters\./);
      expect(await refused({ registrarName: 'Gan\u0000di' })).toBe('Text must not contain NUL characters.');
      expect(await refused({ expirationDate: '2030-02-30' })).toMatch(/Expiration date is not a real calendar date\./);
      expect(await refused({ expirationDate: '2001-01-01' })).toMatch(/The expiration date must be today or later\./);
      expect(await refused({ registrationId: '  ' })).toMatch(/Registration ID is required\./);
      expect(await refused({ nameservers: ['not a host'] })).toMatch(/Each nameserver must be a host name/);
      expect(await refused({ nameservers: Array.from({ length: 14 }, (_, i) => `ns${i}.example.net`) })).toMatch(/At most 13 nameservers\./);
      expect((await row(id)).status).toBe('failed');
      const cancelled = await paidFailed({ status: 'cancelled' });
      expect((await call('manuallyCompleteOrder', input(cancelled))).error!.message).toBe(NOT_COMPLETABLE);
      expect((await call('manuallyCompleteOrder', input('ord_nope'))).status).toBe(404);
    });
  });
});
