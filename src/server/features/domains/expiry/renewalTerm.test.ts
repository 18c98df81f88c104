import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { DAY_MS, eventsAbout, mailsAbout, renewalOrders, setBillingEmail, setPaymentCustomer } from '../../../../../test/support/domains/expiry.ts';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { attemptsOf, type WatchedRegistrar, watchRegistrar } from '../../../../../test/support/domains/fulfilment.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers } from '../../../../../test/support/factories.ts';
import { type FakeStripe, startFakeStripe, stripeModeEnv } from '../../../../../test/support/payments/fakeStripe.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { RegistrarError } from '../../../integrations/registrars/registrar.ts';
import { fulfilOrder } from '../fulfilment/job.ts';
import { FulfilmentDeferred } from '../fulfilment/calls.ts';
import { runDomainExpiry } from './job.ts';
import { renewalAlreadyPaid } from '../orders/texts.ts';

/**
 * One charge per renewal term (issue 18, points 2 and 3): the daily job over a registrar that
 * refuses or answers unclearly, day after day on a manual clock, with the charges and refunds
 * counted at a local fake of Stripe's API.
 */
describeEachDialect('automatic renewals charge once per term', (dialect) => {
  let fake: FakeStripe;
  let t: TestApp;
  let clock: ManualClock;
  let watched: WatchedRegistrar | null = null;

  beforeAll(async () => {
    fake = await startFakeStripe();
    clock = new ManualClock();
    t = await startTestApp(dialect, { env: stripeModeEnv(fake), clock });
  });
  beforeEach(() => { clock.set(Date.now()); });
  afterEach(async () => {
    watched?.restore();
    watched = null;
    // Each test's domain and orders leave the job's reach, so the next test's days see only its own.
    await t.services.db.updateTable('domains').set({ auto_renew: false }).execute();
    await t.services.db.updateTable('domain_orders').set({ admin_action_required: true }).execute();
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  const refused = () => new RegistrarError('failed', 'Domain cannot be renewed at this time.', { registrar: 'sandbox' });
  const timedOut = () => new RegistrarError('unavailable', 'The request timed out after 30000 ms.', { registrar: 'sandbox' });

  /** Orders of the domain at the fake: the payment intents created for them, and the refunds of those. */
  async function moneyOf(domainId: string) {
    const orders = await renewalOrders(t, domainId);
    const orderIds = new Set(orders.map((o) => o.id));
    const paymentIds = new Set(orders.map((o) => o.payment_reference));
    const charges = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && orderIds.has(r.params.metadata?.reference ?? ''));
    const refunds = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && paymentIds.has(r.params.payment_intent ?? ''));
    return { charges: charges.length, refunds: refunds.length };
  }

  /** An account paying by a saved card at Stripe, with a domain on auto-renew expiring in `days`. */
  async function renewableDomain(days: number) {
    const account = await accountWithMembers(t);
    const customer = fake.addCustomer(account.owner.email);
    fake.addDefaultCard(customer.id, 'succeeds');
    await setPaymentCustomer(t, account.accountId, customer.id);
    await setBillingEmail(t, account.accountId, `billing-${account.accountId}@example.test`);
    const domain = await seedDomain(t.services, account.accountId, { expiresInDays: days, autoRenew: true });
    return { account, domain, billing: `billing-${account.accountId}@example.test` };
  }

  /**
   * One day: the daily job at the clock's time, then every renewal it left processing is run by
   * the registration job (its worker is not started here); a deferred run stays processing, as
   * the queue would keep it for a retry.
   */
  async function day(domainId: string) {
    await runDomainExpiry(t.services, clock.now());
    for (const order of await renewalOrders(t, domainId)) {
      if (order.status !== 'processing') continue;
      try {
        await fulfilOrder(t.services, order.id);
      } catch (error) {
        if (!(error instanceof FulfilmentDeferred)) throw error;
      }
    }
    clock.advance(DAY_MS);
  }

  it('ten days over a registrar that refuses: one charge, the registrar asked again (not the card) for three days, then one refund, the billing contact told', async () => {
    const { domain, billing } = await renewableDomain(12);
    watched = watchRegistrar(t, 'sandbox', { renew: async () => { throw refused(); } });

    for (let i = 0; i < 10; i += 1) await day(domain.id);

    expect(await moneyOf(domain.id)).toEqual({ charges: 1, refunds: 1 });
    // Day 0's call and the retries of days 1 and 2; day 3 refunds instead.
    expect(watched.calls.renew).toBe(3);
    const [order, ...more] = await renewalOrders(t, domain.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ status: 'failed', payment_status: 'refunded', admin_action_required: true, payment_method: 'saved_method' });
    expect(order.refunded_at).not.toBeNull();
    expect(fake.get(order.payment_reference!)).toMatchObject({ amount_refunded: order.total_cents });
    expect(order.error).toContain('Your payment was refunded.');
    expect(await mailsAbout(t, billing, `Refund of`)).toHaveLength(1);
    expect(await eventsAbout(t, 'order.domain.refunded', domain.name)).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ orderId: order.id, amountCents: order.total_cents, automatic: true }) }),
    ]);
  });

  it('three daily runs over a refusing registrar charge once; the paid order waits for the registrar (P3)', async () => {
    const { account, domain, billing } = await renewableDomain(10);
    watched = watchRegistrar(t, 'sandbox', { renew: async () => { throw refused(); } });

    for (let i = 0; i < 3; i += 1) await day(domain.id);
    // Nor can the customer pay a second renewal of the term beside it.
    expect((await t.callRaw('renewDomain', { domain: domain.name, years: 1 }, account.owner)).error?.message).toBe(renewalAlreadyPaid(domain.name));

    expect(await moneyOf(domain.id)).toEqual({ charges: 1, refunds: 0 });
    expect(watched.calls.renew).toBe(3);
    const orders = await renewalOrders(t, domain.id);
    expect(orders.map((o) => `${o.status}/${o.payment_status}`)).toEqual(['failed/paid']);
    expect(orders[0]!.admin_action_required).toBe(false);
    expect(orders[0]!.error).toMatch(/without charging you again/);
    expect(await mailsAbout(t, billing, 'Refund of')).toEqual([]);
  });

  it('a renew that times out while the check fails waits, then is read back: no second renew, no second charge (P4)', async () => {
    const { domain } = await renewableDomain(10);
    const sandboxExpiry = async () => (await t.services.db.selectFrom('sandbox_registrar_domains').select('expires_at')
      .where('domain', '=', domain.name).executeTakeFirstOrThrow()).expires_at;
    const before = await sandboxExpiry();
    let checksFail = false;
    watched = watchRegistrar(t, 'sandbox', {
      // The registrar renews, but its answer never arrives; its status check fails too, for a while.
      renew: async (...args) => {
        await watched!.real.renew(...args);
        checksFail = true;
        throw timedOut();
      },
      getInfo: async (...args) => {
        if (checksFail) throw timedOut();
        return watched!.real.getInfo(...args);
      },
    });

    await day(domain.id);
    const [order] = await renewalOrders(t, domain.id);
    expect(order).toMatchObject({ status: 'processing', payment_status: 'paid' });

    await day(domain.id);
    checksFail = false;
    await day(domain.id);

    expect(watched.calls.renew).toBe(1);
    expect(await moneyOf(domain.id)).toEqual({ charges: 1, refunds: 0 });
    const orders = await renewalOrders(t, domain.id);
    expect(orders.map((o) => `${o.status}/${o.payment_status}`)).toEqual(['completed/paid']);
    const after = new Date(before);
    after.setUTCFullYear(after.getUTCFullYear() + 1);
    expect(await sandboxExpiry()).toBe(after.toISOString());
    expect((await attemptsOf(t, order!.id)).map((a) => `${a.operation} ${a.outcome}`)).toEqual([
      // The outcome model (docs/decisions.md): a timed-out renew and the checks that could not say are 'unknown'.
      'check succeeded', 'renew unknown', 'check unknown', 'check unknown', 'check succeeded',
    ]);
  });

  it('a domain whose registrar is no longer configured is not charged; one order waits for an operator, and later runs add none', async () => {
    await seedSupplier(t.services.db, { id: 'enom', name: 'Enom', active: false }, []);
    const { domain } = await renewableDomain(10);
    await t.services.db.updateTable('domains').set({ supplier_id: 'enom' }).where('id', '=', domain.id).execute();

    for (let i = 0; i < 3; i += 1) await day(domain.id);

    expect(await moneyOf(domain.id)).toEqual({ charges: 0, refunds: 0 });
    const orders = await renewalOrders(t, domain.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'failed', payment_status: 'pending', admin_action_required: true, payment_reference: null });
    expect(orders[0]!.error).toMatch(/Nothing was charged/);
  });
});
