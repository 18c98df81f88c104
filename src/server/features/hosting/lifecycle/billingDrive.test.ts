import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from '../../../../../test/support/billing/factories.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import {
  buyPlan, hostingPlan, serviceOfSubscription, settleService, stepsOf,
} from '../../../../../test/support/hostingBilling.ts';
import { DECLINING_CARD, GOOD_CARD, openTestPortal } from '../../../../../test/support/payments/testModePayments.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { HOSTING_DOMAIN_REQUIRED, HOSTING_FIELDS_NOT_ASKED } from '../../../../common/hosting/orderFields.ts';
import type { PaymentEvent } from '../../../integrations/payments/events.ts';
import { testModeDeps } from '../../../integrations/payments/testMode/testEvents.ts';
import { readTestObject, subscriptionObject, type TestSubscriptionRecord } from '../../../integrations/payments/testMode/testObjects.ts';
import { runTestRenewals } from '../../../integrations/payments/testMode/testRenewals.ts';
import { runHostingSweep } from './sweep.ts';

const DAY_MS = 24 * 3600 * 1000;
const MINUTE_MS = 60_000;

describeEachDialect('billing drives the hosting lifecycle', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => { t = await startTestApp(dialect, { clock }); });
  afterAll(async () => { await t.stop(); });

  const sweep = () => runHostingSweep(t.services, clock.now());
  const providerSubscription = async (id: string) => (await readTestObject<TestSubscriptionRecord>(t.services.db, 'subscription', id))!;
  const checkoutRows = async (accountId: string) => t.services.db.selectFrom('checkout_sessions').select('id').where('account_id', '=', accountId).execute();

  /** An account that bought a mapped plan (package 'starter') and whose service the runner has since made active on the panel. */
  async function activeService(domain = 'shop.example') {
    const a = await accountWithMembers(t);
    const plan = await hostingPlan(t, { name: 'Business', package: 'starter' });
    const bought = await buyPlan(t, a.owner, a.accountId, plan.priceIds[0], domain);
    const service = (await serviceOfSubscription(t, bought.subscriptionId))!;
    await settleService(t, service.id, 'active');
    return { a, plan, bought, serviceId: service.id };
  }

  /** The test portal's renewal, charged now with the card given (declining: the subscription turns past due). */
  async function renewWith(a: AccountWithMembers, bought: { customerId: string; providerSubscriptionId: string }, card: typeof GOOD_CARD) {
    const portalSessionId = await openTestPortal(t, a.owner, a.accountId, bought.customerId);
    expect((await t.call('testPortalUpdateCard', { portalSessionId, ...card }, a.owner)).status).toBe(200);
    expect((await t.call('testPortalRenewNow', { portalSessionId, subscriptionId: bought.providerSubscriptionId }, a.owner)).status).toBe(200);
  }

  describe('the first payment', () => {
    it('of a mapped plan makes one pending service with the order\'s domain and the mapping\'s package, and one queued create step', async () => {
      const a = await accountWithMembers(t);
      const plan = await hostingPlan(t, { name: 'Business', package: 'biz_pkg' });
      const bought = await buyPlan(t, a.owner, a.accountId, plan.priceIds[0], '  Shop.Example.COM ');

      const service = await serviceOfSubscription(t, bought.subscriptionId);
      expect(service).toMatchObject({
        account_id: a.accountId, product_id: plan.productId, product_name: 'Business', panel: 'cpanel', status: 'pending',
        domain: 'shop.example.com', package: 'biz_pkg', source: 'order', server_id: null, username: null,
      });
      expect(await stepsOf(t, service!.id)).toEqual([{ action: 'create', input: {}, status: 'queued', requestedBy: null }]);
      const events = await t.services.db.selectFrom('platform_events').select(['payload']).where('account_id', '=', a.accountId)
        .where('event_type', '=', 'hosting.service.created').execute();
      expect(events.map((e) => JSON.parse(e.payload))).toEqual([{
        serviceId: service!.id, subscriptionId: bought.subscriptionId, productName: 'Business', panel: 'cpanel', domain: 'shop.example.com',
      }]);
    });

    it('paid twice or reported again: still one service and one create step', async () => {
      const a = await accountWithMembers(t);
      const plan = await hostingPlan(t);
      const bought = await buyPlan(t, a.owner, a.accountId, plan.priceIds[0], 'twice.example');
      expect((await t.call('payTestCheckout', { sessionId: bought.sessionId, ...GOOD_CARD }, a.owner)).status).toBe(400);

      // The provider reports the same subscription again, later and with a new event id (a webhook retried, a refresh).
      const subscription = subscriptionObject(await providerSubscription(bought.providerSubscriptionId));
      for (const [offset, type] of [[60, 'customer.subscription.updated'], [120, 'customer.subscription.updated']] as const) {
        const event = { id: `evt_again_${offset}_${bought.providerSubscriptionId}`, object: 'event', type, created: subscription.created + offset, data: { object: subscription } } as PaymentEvent;
        expect((await t.services.receivePaymentEvent(event)).applied).toBe(true);
      }
      const services = await t.services.db.selectFrom('hosting_services').select('id').where('account_id', '=', a.accountId).execute();
      expect(services).toHaveLength(1);
      expect(await stepsOf(t, services[0].id)).toMatchObject([{ action: 'create' }]);
    });

    it('of a plan that does not provision makes no service', async () => {
      const a = await accountWithMembers(t);
      const { priceIds: [priceId] } = await createPlan(t);
      const bought = await buyPlan(t, a.owner, a.accountId, priceId);
      expect(await serviceOfSubscription(t, bought.subscriptionId)).toBeUndefined();
      expect(await t.services.db.selectFrom('hosting_services').select('id').where('account_id', '=', a.accountId).execute()).toEqual([]);
    });

    it('a plan that does not ask for the domain provisions without one', async () => {
      const a = await accountWithMembers(t);
      const plan = await hostingPlan(t, { panel: 'proxmox', package: 'debian-12', orderFields: [] });
      const bought = await buyPlan(t, a.owner, a.accountId, plan.priceIds[0], undefined);
      expect(await serviceOfSubscription(t, bought.subscriptionId)).toMatchObject({ panel: 'proxmox', domain: null, package: 'debian-12', status: 'pending' });
    });
  });

  describe('the order-time domain', () => {
    it('is required and validated for a plan that asks for it, refused for one that does not provision; nothing is started then', async () => {
      const a = await accountWithMembers(t);
      const hosting = await hostingPlan(t);
      const plain = await createPlan(t);
      const start = (priceId: string, extra: Record<string, unknown>) => t.callRaw('createStripeCheckoutSession', { priceId, accountId: a.accountId, ...extra }, a.owner);
      const cases: [string, Record<string, unknown>, string][] = [
        [hosting.priceIds[0], {}, HOSTING_DOMAIN_REQUIRED],
        [hosting.priceIds[0], { hosting: {} }, HOSTING_DOMAIN_REQUIRED],
        [hosting.priceIds[0], { hosting: { domain: '' } }, 'A domain name is required.'],
        [hosting.priceIds[0], { hosting: { domain: 'not a domain' } }, 'This is not a valid domain name.'],
        [hosting.priceIds[0], { hosting: { domain: 'https://shop.example/' } }, 'This is not a valid domain name.'],
        [hosting.priceIds[0], { hosting: { domain: 'shop.example', username: 'root' } }, ''],
        [plain.priceIds[0], { hosting: { domain: 'shop.example' } }, HOSTING_FIELDS_NOT_ASKED],
      ];
      for (const [priceId, extra, message] of cases) {
        const res = await start(priceId, extra);
        expect(res, JSON.stringify(extra)).toMatchObject({ status: 400, error: { status: 'INVALID_ARGUMENT', ...(message ? { message } : {}) } });
      }
      expect(await checkoutRows(a.accountId)).toEqual([]);
      expect((await start(plain.priceIds[0], {})).status).toBe(200);
      expect((await start(hosting.priceIds[0], { hosting: { domain: 'shop.example' } })).status).toBe(200);
    });

    it('the public listing tells which plans ask for it', async () => {
      const hosting = await hostingPlan(t, { name: 'Listed hosting' });
      const vps = await hostingPlan(t, { name: 'Listed VPS', panel: 'proxmox', orderFields: [] });
      const plain = await createPlan(t, { name: 'Listed plain' });
      const res = await t.call('listProducts', {}, null);
      const fieldsOf = (id: string) => res.result.products.find((p: { id: string }) => p.id === id)?.orderFields;
      expect([fieldsOf(hosting.productId), fieldsOf(vps.productId), fieldsOf(plain.productId)]).toEqual([['domain'], [], []]);
    });
  });

  describe('payment trouble', () => {
    it('past due: nothing before the grace of 3 days, an overdue suspension after it (once); paid again: unsuspended', async () => {
      const { a, bought, serviceId } = await activeService();
      await renewWith(a, bought, DECLINING_CARD);
      const pastDueAt = clock.nowIso();
      expect(await serviceOfSubscription(t, bought.subscriptionId)).toMatchObject({ status: 'active', past_due_since: expect.any(String) });
      expect(Date.parse((await serviceOfSubscription(t, bought.subscriptionId))!.past_due_since!)).toBe(Date.parse(pastDueAt));

      clock.advance(3 * DAY_MS - MINUTE_MS);
      await sweep();
      expect(await stepsOf(t, serviceId)).toMatchObject([{ action: 'create', status: 'done' }]);

      clock.advance(MINUTE_MS);
      expect((await sweep()).suspended).toBeGreaterThanOrEqual(1);
      expect((await stepsOf(t, serviceId)).slice(1)).toEqual([{ action: 'suspend', input: { reason: 'overdue' }, status: 'queued', requestedBy: null }]);
      clock.advance(5 * MINUTE_MS);
      await sweep();
      expect(await stepsOf(t, serviceId)).toHaveLength(2);

      await settleService(t, serviceId, 'suspended', 'overdue');
      clock.advance(MINUTE_MS);
      await renewWith(a, bought, GOOD_CARD);
      expect(await serviceOfSubscription(t, bought.subscriptionId)).toMatchObject({ status: 'suspended', past_due_since: null });
      expect((await stepsOf(t, serviceId)).slice(2)).toEqual([{ action: 'unsuspend', input: {}, status: 'queued', requestedBy: null }]);
    });

    it('paid while the overdue suspension is still on its way: an unsuspension follows it', async () => {
      const { a, bought, serviceId } = await activeService();
      await renewWith(a, bought, DECLINING_CARD);
      clock.advance(3 * DAY_MS);
      await sweep();
      clock.advance(MINUTE_MS);
      await renewWith(a, bought, GOOD_CARD);
      expect((await stepsOf(t, serviceId)).map((s) => [s.action, s.status])).toEqual([['create', 'done'], ['suspend', 'queued'], ['unsuspend', 'queued']]);
    });

    it('paid before the grace ran out: the sweep suspends nothing', async () => {
      const { a, bought, serviceId } = await activeService();
      await renewWith(a, bought, DECLINING_CARD);
      clock.advance(DAY_MS);
      await renewWith(a, bought, GOOD_CARD);
      clock.advance(3 * DAY_MS);
      await sweep();
      expect(await stepsOf(t, serviceId)).toMatchObject([{ action: 'create' }]);
      expect(await serviceOfSubscription(t, bought.subscriptionId)).toMatchObject({ status: 'active', past_due_since: null });
    });

    it('an operator\'s suspension is not lifted by a payment', async () => {
      const { a, bought, serviceId } = await activeService();
      await settleService(t, serviceId, 'suspended', 'operator');
      await renewWith(a, bought, DECLINING_CARD);
      clock.advance(3 * DAY_MS);
      await sweep();
      clock.advance(MINUTE_MS);
      await renewWith(a, bought, GOOD_CARD);
      expect(await stepsOf(t, serviceId)).toMatchObject([{ action: 'create' }]);
      expect(await serviceOfSubscription(t, bought.subscriptionId)).toMatchObject({ status: 'suspended', suspend_reason: 'operator', past_due_since: null });
    });

    it('the grace follows HOSTING_SUSPEND_GRACE_DAYS', async () => {
      const { a, bought, serviceId } = await activeService();
      await renewWith(a, bought, DECLINING_CARD);
      clock.advance(DAY_MS);
      const services = { ...t.services, config: { ...t.services.config, HOSTING_SUSPEND_GRACE_DAYS: 1 } };
      await runHostingSweep(services, clock.now());
      expect((await stepsOf(t, serviceId)).map((s) => s.action)).toEqual(['create', 'suspend']);
    });
  });

  describe('with no grace (HOSTING_SUSPEND_GRACE_DAYS=0)', () => {
    let noGrace: TestApp;
    beforeAll(async () => { noGrace = await startTestApp(dialect, { clock, env: { HOSTING_SUSPEND_GRACE_DAYS: '0' } }); });
    afterAll(async () => { await noGrace.stop(); });

    it('a failed renewal suspends at once, and the sweep asks for no second suspension', async () => {
      const a = await accountWithMembers(noGrace);
      const plan = await hostingPlan(noGrace, { name: 'Business', package: 'starter' });
      const bought = await buyPlan(noGrace, a.owner, a.accountId, plan.priceIds[0], 'now.example');
      const serviceId = (await serviceOfSubscription(noGrace, bought.subscriptionId))!.id;
      await settleService(noGrace, serviceId, 'active');

      const portalSessionId = await openTestPortal(noGrace, a.owner, a.accountId, bought.customerId);
      expect((await noGrace.call('testPortalUpdateCard', { portalSessionId, ...DECLINING_CARD }, a.owner)).status).toBe(200);
      expect((await noGrace.call('testPortalRenewNow', { portalSessionId, subscriptionId: bought.providerSubscriptionId }, a.owner)).status).toBe(200);
      expect((await stepsOf(noGrace, serviceId)).slice(1)).toEqual([{ action: 'suspend', input: { reason: 'overdue' }, status: 'queued', requestedBy: null }]);

      clock.advance(MINUTE_MS);
      await runHostingSweep(noGrace.services, clock.now());
      expect(await stepsOf(noGrace, serviceId)).toHaveLength(2);
    });
  });

  describe('the end of a subscription', () => {
    it('cancelled: suspended at once, terminated 14 days after the end and not before; nothing after termination', async () => {
      const { a, bought, serviceId } = await activeService();
      const portalSessionId = await openTestPortal(t, a.owner, a.accountId, bought.customerId);
      expect((await t.call('testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId: bought.providerSubscriptionId, cancelAtPeriodEnd: true }, a.owner)).status).toBe(200);
      expect(await stepsOf(t, serviceId)).toHaveLength(1);

      const end = (await providerSubscription(bought.providerSubscriptionId)).items.data[0].current_period_end;
      clock.set(end * 1000 + MINUTE_MS);
      await runTestRenewals(testModeDeps(t.services), end + 60);
      expect(await serviceOfSubscription(t, bought.subscriptionId)).toMatchObject({ ended_at: expect.any(String) });
      expect((await stepsOf(t, serviceId)).slice(1)).toEqual([{ action: 'suspend', input: { reason: 'overdue' }, status: 'queued', requestedBy: null }]);
      await settleService(t, serviceId, 'suspended', 'overdue');

      clock.advance(14 * DAY_MS - MINUTE_MS);
      await sweep();
      expect(await stepsOf(t, serviceId)).toHaveLength(2);
      clock.advance(MINUTE_MS);
      expect((await sweep()).terminated).toBeGreaterThanOrEqual(1);
      expect((await stepsOf(t, serviceId)).slice(2)).toEqual([{ action: 'terminate', input: {}, status: 'queued', requestedBy: null }]);
      clock.advance(10 * MINUTE_MS);
      await sweep();
      expect(await stepsOf(t, serviceId)).toHaveLength(3);

      // Terminated: a late report of the subscription changes nothing.
      await t.services.db.updateTable('hosting_services').set({ status: 'terminated' }).where('id', '=', serviceId).execute();
      const late = subscriptionObject(await providerSubscription(bought.providerSubscriptionId));
      await t.services.receivePaymentEvent({ id: `evt_late_${serviceId}`, object: 'event', type: 'customer.subscription.updated', created: end + 3600, data: { object: { ...late, status: 'active' } } } as PaymentEvent);
      expect(await stepsOf(t, serviceId)).toHaveLength(3);
    });
  });

  describe('a change of plan', () => {
    it('before the account exists: the create uses the new package, no change step', async () => {
      const a = await accountWithMembers(t);
      const plan = await hostingPlan(t, { package: 'starter' });
      const bought = await buyPlan(t, a.owner, a.accountId, plan.priceIds[0], 'early.example');
      const premium = await hostingPlan(t, { name: 'Premium early', package: 'premium_pkg', groupId: plan.groupId });
      const subscription = subscriptionObject(await providerSubscription(bought.providerSubscriptionId));
      const [item] = subscription.items!.data!;
      const upgraded = { ...subscription, items: { data: [{ ...item, price: { ...item.price, id: premium.priceIds[0], product: premium.productId } }] } };
      await t.services.receivePaymentEvent({ id: `evt_early_${bought.subscriptionId}`, object: 'event', type: 'customer.subscription.updated', created: subscription.created + 600, data: { object: upgraded } } as PaymentEvent);

      const service = await serviceOfSubscription(t, bought.subscriptionId);
      expect(service).toMatchObject({ status: 'pending', product_id: premium.productId, product_name: 'Premium early', package: 'premium_pkg' });
      expect((await stepsOf(t, service!.id)).map((s) => s.action)).toEqual(['create']);
    });

    it('to another mapped product changes the product and asks the panel for the new package', async () => {
      const { bought, plan, serviceId } = await activeService();
      const premium = await hostingPlan(t, { name: 'Premium', package: 'premium_pkg', groupId: plan.groupId });
      const subscription = subscriptionObject(await providerSubscription(bought.providerSubscriptionId));
      const [item] = subscription.items!.data!;
      clock.advance(MINUTE_MS);
      const upgraded = { ...subscription, items: { data: [{ ...item, price: { ...item.price, id: premium.priceIds[0], product: premium.productId } }] } };
      await t.services.receivePaymentEvent({ id: `evt_up_${serviceId}`, object: 'event', type: 'customer.subscription.updated', created: subscription.created + 600, data: { object: upgraded } } as PaymentEvent);

      expect(await serviceOfSubscription(t, bought.subscriptionId)).toMatchObject({ product_id: premium.productId, product_name: 'Premium', package: 'starter' });
      expect((await stepsOf(t, serviceId)).slice(1)).toEqual([{ action: 'change_package', input: { package: 'premium_pkg' }, status: 'queued', requestedBy: null }]);
    });
  });
});
