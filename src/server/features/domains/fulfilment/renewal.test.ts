import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { idempotencyKeyOf } from './attempts.ts';
import { fulfilOrder } from './job.ts';
import { attemptsOf, eventsOf, leaveStartedAttempt, orderRow, paidOrder, type WatchedRegistrar, watchRegistrar } from '../../../../../test/support/domains/fulfilment.ts';
import { findOrderView } from '../orders/repository.ts';

const yearsAfter = (iso: string, years: number) => {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
};

/** Renewal orders: executed at the domain's own supplier (the sandbox, where seedDomain registered it). */
describeEachDialect('the registration job renewing a domain', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  let watched: WatchedRegistrar | null = null;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    a = await accountWithMembers(t);
  });
  afterEach(() => { watched?.restore(); watched = null; });
  afterAll(async () => { await t.stop(); });

  async function renewalOf(years: number) {
    const domain = await seedDomain(t.services, a.accountId, { expiresInDays: 20 });
    const before = (await domainRow(domain.name)).expiration_date!;
    const orderId = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain: domain.name, kind: 'renewal', domainId: domain.id, years });
    return { ...domain, before, orderId };
  }
  const domainRow = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const sandboxExpiry = async (name: string) => (await t.services.db.selectFrom('sandbox_registrar_domains').select('expires_at')
    .where('domain', '=', name).executeTakeFirstOrThrow()).expires_at;
  const summary = async (orderId: string) => (await attemptsOf(t, orderId)).map((x) => `${x.supplier_id} ${x.operation} ${x.outcome}`);

  it('renews at the domain\'s supplier, moves the expiry N years on and completes the order', async () => {
    const renewal = await renewalOf(2);
    await t.services.db.updateTable('domains').set({ status: 'expired' }).where('id', '=', renewal.id).execute();

    expect(await fulfilOrder(t.services, renewal.orderId)).toBe('completed');
    const expected = yearsAfter(renewal.before, 2);
    const row = await domainRow(renewal.name);
    expect(row.expiration_date).toBe(expected);
    expect(row.status).toBe('active');
    expect(await sandboxExpiry(renewal.name)).toBe(expected);
    expect(await findOrderView(t.services.db, renewal.orderId)).toMatchObject({
      kind: 'renewal', status: 'completed', registrationStatus: 'registered', registrar: 'Sandbox', expirationDate: expected, paymentStatus: 'paid',
    });
    // The supplier's own expiry is read first: the renewal is judged by it.
    expect(await summary(renewal.orderId)).toEqual(['sandbox check succeeded', 'sandbox renew succeeded']);
    expect((await orderRow(t, renewal.orderId)).registrar_expiry_before).toBe(renewal.before);
    const events = await eventsOf(t, renewal.orderId);
    expect(events.map((e) => e.type).sort()).toEqual(['domain.renewed', 'order.domain.completed']);
    expect(events.find((e) => e.type === 'domain.renewed')!.payload).toMatchObject({ domainId: renewal.id, expirationDate: expected, years: 2 });
    expect((await t.outbox(a.owner.email)).filter((m) => m.subject === `${renewal.name} is renewed`)).toHaveLength(1);
  });

  it('a renewal an earlier run sent before dying is seen in the supplier\'s expiry and not sent again', async () => {
    const renewal = await renewalOf(3);
    await leaveStartedAttempt(t, renewal.orderId, 'sandbox', 'renew');
    const sandbox = t.services.registrars.find((r) => r.id === 'sandbox')!;
    await sandbox.renew(renewal.name, 3, idempotencyKeyOf(renewal.orderId, 'sandbox'));
    watched = watchRegistrar(t, 'sandbox');

    expect(await fulfilOrder(t.services, renewal.orderId)).toBe('completed');
    expect(watched.calls.renew).toBe(0);
    const expected = yearsAfter(renewal.before, 3);
    expect(await sandboxExpiry(renewal.name)).toBe(expected);
    expect((await domainRow(renewal.name)).expiration_date).toBe(expected);
    expect((await orderRow(t, renewal.orderId)).status).toBe('completed');
    expect(await summary(renewal.orderId)).toEqual(['sandbox renew started', 'sandbox check succeeded']);
  });

  it('a renewal an earlier run began that never reached the supplier is sent once', async () => {
    const renewal = await renewalOf(1);
    await leaveStartedAttempt(t, renewal.orderId, 'sandbox', 'renew');
    watched = watchRegistrar(t, 'sandbox');

    expect(await fulfilOrder(t.services, renewal.orderId)).toBe('completed');
    expect(watched.calls.renew).toBe(1);
    expect(await sandboxExpiry(renewal.name)).toBe(yearsAfter(renewal.before, 1));
    expect(await summary(renewal.orderId)).toEqual(['sandbox renew started', 'sandbox check failed', 'sandbox check succeeded', 'sandbox renew succeeded']);
  });

  it('a renewal the supplier refuses fails the order, keeps the payment and leaves the expiry as it was', async () => {
    // More than 10 years ahead of today: no registry allows it.
    const renewal = await renewalOf(10);
    expect(await fulfilOrder(t.services, renewal.orderId)).toBe('failed');
    const order = await orderRow(t, renewal.orderId);
    expect(order).toMatchObject({
      status: 'failed', payment_status: 'paid', registration_status: 'failed',
      error: `${renewal.name} could not be renewed. Our team has been notified and will retry or refund your payment.`,
    });
    expect((await domainRow(renewal.name)).expiration_date).toBe(renewal.before);
    expect((await attemptsOf(t, renewal.orderId)).find((x) => x.operation === 'renew')!.reason).toMatch(/^The supplier refused the request as invalid\./);
    expect((await t.outbox(a.owner.email)).some((m) => m.subject === `We could not renew ${renewal.name}`)).toBe(true);
  });
});
