import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { utcDayStart } from './statsSeries.ts';

const HOUR_MS = 3_600_000;

describeEachDialect('checkSuperAdminStatus: the back-office guard\'s question', (dialect) => {
  let t: TestApp;
  let customer: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [customer, operator] = await Promise.all([createUser(t), signUpOperator(t)]);
  });
  afterAll(async () => { await t.stop(); });

  it('tells a customer they are not a super admin, with their role', async () => {
    const res = await t.call('checkSuperAdminStatus', {}, customer);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ isSuperAdmin: false, globalRole: 'user' });
  });

  it('tells a global super admin they are one', async () => {
    const res = await t.call('checkSuperAdminStatus', {}, operator);
    expect(res.result).toEqual({ isSuperAdmin: true, globalRole: 'super_admin' });
  });

  it('follows a role change at once: a demoted operator is told so on the next ask', async () => {
    const former = await signUpOperator(t);
    await t.services.db.updateTable('users').set({ role: 'user' }).where('id', '=', former.id).execute();
    expect((await t.call('checkSuperAdminStatus', {}, former)).result).toEqual({ isSuperAdmin: false, globalRole: 'user' });
  });

  it('refuses a signed-out caller, so the guard sends them to sign in', async () => {
    expect((await t.call('checkSuperAdminStatus', {}, null)).status).toBe(401);
  });

  it('takes no input', async () => {
    const res = await t.callRaw('checkSuperAdminStatus', { userId: operator.id }, customer);
    expect(res.status).toBe(400);
  });
});

describeEachDialect('getSystemStats: the dashboard\'s figures', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let accountId: string;
  const now = new Date();
  const today = utcDayStart(now);

  const insertOrder = async (status: string, createdAt: Date) => {
    await t.services.db.insertInto('domain_orders').values({
      id: randomUUID(), kind: 'registration', account_id: accountId, domain: `d-${randomUUID().slice(0, 8)}.com`, tld: 'com',
      years: 1, price_cents: 1287, total_cents: 1287, status: status as never,
      created_at: createdAt.toISOString(), updated_at: createdAt.toISOString(),
    }).execute();
  };
  const stats = async () => {
    const res = await t.call('getSystemStats', {}, operator);
    expect(res.status).toBe(200);
    return res.result;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
  });
  afterAll(async () => { await t.stop(); });

  it('on a new installation: the operator alone, no orders, no success rate, 30 zero days but today\'s sign-up', async () => {
    const s = await stats();
    expect(s.users).toEqual({ total: 1, superAdmins: 1 });
    expect(s.accounts).toEqual({ total: 0 });
    expect(s.orders).toEqual({ total: 0, last24h: 0, failed: 0, successRate: null });
    expect(s.series).toHaveLength(30);
    expect(s.series[0].date).toBe(utcDayStart(now, 29).toISOString().slice(0, 10));
    expect(s.series[29]).toEqual({ date: today.toISOString().slice(0, 10), orders: 0, signUps: 1 });
    expect(s.series.slice(0, 29).every((d: { orders: number; signUps: number }) => d.orders === 0 && d.signUps === 0)).toBe(true);
  });

  it('counts users, super admins, accounts and orders as seeded', async () => {
    const [owner, other] = await Promise.all([createUser(t), createUser(t), signUpOperator(t)]);
    accountId = (await t.call('createAccount', { accountName: 'Seeded' }, owner)).result.account.id;
    await t.call('createAccount', { accountName: 'Another' }, other);
    // 3 completed, 1 failed: 75.0 %; pending ones count in the total but not in the rate.
    for (const status of ['completed', 'completed', 'completed', 'failed', 'pending_payment', 'processing']) {
      await insertOrder(status, new Date(now.getTime() - 2 * HOUR_MS));
    }
    await insertOrder('failed', new Date(now.getTime() - 25 * HOUR_MS));
    const s = await stats();
    expect(s.users).toEqual({ total: 4, superAdmins: 2 });
    expect(s.accounts).toEqual({ total: 2 });
    // 6 within the last 24 hours, the seventh a day and an hour ago; 3 completed of 5 finished: 60 %.
    expect(s.orders).toEqual({ total: 7, last24h: 6, failed: 2, successRate: 60 });
  });

  it('rounds the success rate to one decimal', async () => {
    await insertOrder('completed', new Date(now.getTime() - 40 * 24 * HOUR_MS));
    // 4 completed of 6 finished: 66.666… → 66.7.
    expect((await stats()).orders.successRate).toBe(66.7);
  });

  it('puts each order and sign-up on its UTC day: midnight opens a day, a millisecond before it closes the previous one', async () => {
    const before = await stats();
    const dayBefore = utcDayStart(now, 1);
    await insertOrder('pending_payment', today);
    await insertOrder('pending_payment', new Date(today.getTime() - 1));
    await insertOrder('pending_payment', new Date(today.getTime() - 1));
    // The series' first day opens at its midnight; the millisecond before it is out of the series.
    const firstDay = utcDayStart(now, 29);
    await insertOrder('completed', firstDay);
    await insertOrder('completed', new Date(firstDay.getTime() - 1));
    const early = await createUser(t);
    await t.services.db.updateTable('users').set({ created_at: new Date(dayBefore.getTime() + 12 * HOUR_MS).toISOString() as never })
      .where('id', '=', early.id).execute();

    const s = await stats();
    const day = (date: Date) => s.series.find((d: { date: string }) => d.date === date.toISOString().slice(0, 10))!;
    const was = (date: Date) => before.series.find((d: { date: string }) => d.date === date.toISOString().slice(0, 10))!;
    expect(day(today).orders).toBe(was(today).orders + 1);
    expect(day(dayBefore).orders).toBe(was(dayBefore).orders + 2);
    expect(day(dayBefore).signUps).toBe(was(dayBefore).signUps + 1);
    expect(day(firstDay).orders).toBe(1);
    expect(s.series[0].date).toBe(firstDay.toISOString().slice(0, 10));
    // Every order is in the total, whatever its day.
    expect(s.orders.total).toBe(before.orders.total + 5);
    expect(s.series.reduce((n: number, d: { orders: number }) => n + d.orders, 0))
      .toBe(before.series.reduce((n: number, d: { orders: number }) => n + d.orders, 0) + 4);
  });

  it('follows an order\'s later status changes and deletions, whichever area makes them', async () => {
    const before = (await stats()).orders;
    const id = randomUUID();
    await t.services.db.insertInto('domain_orders').values({
      id, kind: 'registration', account_id: accountId, domain: 'moving.com', tld: 'com', years: 1, price_cents: 1, total_cents: 1, status: 'failed',
    }).execute();
    expect((await stats()).orders).toMatchObject({ total: before.total + 1, failed: before.failed + 1 });
    // A retried order completes: one failure less, one success more.
    await t.services.db.updateTable('domain_orders').set({ status: 'completed' }).where('id', '=', id).execute();
    const retried = (await stats()).orders;
    expect(retried).toMatchObject({ total: before.total + 1, failed: before.failed });
    expect(retried.successRate).toBeGreaterThan(before.successRate!);
    await t.services.db.deleteFrom('domain_orders').where('id', '=', id).execute();
    expect((await stats()).orders).toEqual(before);
  });

  it('is refused to a customer, with nothing of the figures', async () => {
    const customer = await createUser(t);
    const res = await t.call('getSystemStats', {}, customer);
    expect(res.status).toBe(403);
    expect(res.result).toBeUndefined();
  });
});
