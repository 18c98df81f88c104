import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PermissionCast, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import {
  appliedEventIds, DECLINING_CARD, emittedTestEvents, GOOD_CARD, openTestPortal, paidTestCheckout,
} from '../../../../test/support/payments/testModePayments.ts';
import {
  CANCEL_SCHEDULED, CARD_NUMBER_INVALID, CARD_UPDATED, RENEWAL_FAILED, RENEWAL_NEEDS_RESUME, RENEWAL_PAID, SUBSCRIPTION_RESUMED,
  TEST_SESSION_NOT_FOUND, TEST_SUBSCRIPTION_NOT_FOUND,
} from '../../../common/testPayments/contract.ts';
import {
  readTestObject, type TestInvoiceRecord, type TestPortalRecord, type TestSubscriptionRecord, writeTestObject,
} from '../../integrations/payments/testMode/testObjects.ts';
import { addIntervals } from '../../integrations/payments/testMode/testPeriods.ts';

describeEachDialect('test-mode customer portal', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  /** The owner's paid subscription, its customer, and a portal the owner opened on it. */
  let customerId: string;
  let subscriptionId: string;
  let firstInvoiceId: string;
  let portalSessionId: string;

  const subscription = async (id = subscriptionId) => (await readTestObject<TestSubscriptionRecord>(t.services.db, 'subscription', id))!;
  const invoice = async (id: string) => (await readTestObject<TestInvoiceRecord>(t.services.db, 'invoice', id))!;
  const portal = () => t.call('getTestPortal', { portalSessionId }, cast.owner);
  /** Runs a portal action and answers the event types it emitted; each was applied by the receiver. */
  const emitting = async (action: () => Promise<unknown>) => {
    const before = (await emittedTestEvents(t)).length;
    await action();
    const events = (await emittedTestEvents(t)).slice(before).flat();
    expect(await appliedEventIds(t)).toEqual(expect.arrayContaining(events.map((e) => e.id)));
    return events;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    const paid = await paidTestCheckout(t, cast.owner, cast.accountId);
    ({ customerId, invoiceId: firstInvoiceId } = paid);
    subscriptionId = paid.subscriptionId!;
    portalSessionId = await openTestPortal(t, cast.owner, cast.accountId, customerId);
  });
  afterAll(async () => { await t.stop(); });

  it('getTestPortal shows the card on file, the subscription and the invoice', async () => {
    const res = await portal();
    expect(res.status).toBe(200);
    const sub = await subscription();
    expect(res.result.portal).toEqual({
      accountName: `Account of ${cast.owner.name}`, customerEmail: cast.owner.email, returnUrl: 'http://localhost:3000/billing',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      subscriptions: [{
        id: subscriptionId, productName: sub.productName, status: 'active', unitAmount: 1299, currency: 'USD', interval: 'month',
        currentPeriodEnd: new Date(sub.items.data[0].current_period_end * 1000).toISOString(), cancelAtPeriodEnd: false,
      }],
      invoices: [{
        id: firstInvoiceId, number: (await invoice(firstInvoiceId)).number, amountCents: 1299, currency: 'USD', status: 'paid',
        created: new Date((await invoice(firstInvoiceId)).created * 1000).toISOString(),
      }],
    });
  });

  describe('cancel at period end, and resume', () => {
    it('cancels at the period\'s end: customer.subscription.updated, shown on the portal, and renewal waits for a resume', async () => {
      let res;
      const events = await emitting(async () => {
        res = await t.call('testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId, cancelAtPeriodEnd: true }, cast.owner);
      });
      expect(res).toMatchObject({ status: 200, result: { success: true, message: CANCEL_SCHEDULED } });
      expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated']);
      expect(events[0].data).toMatchObject({ object: { id: subscriptionId, cancel_at_period_end: true }, previous_attributes: { cancel_at_period_end: false } });
      expect((await portal()).result.portal.subscriptions[0]).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      const renew = await t.call('testPortalRenewNow', { portalSessionId, subscriptionId }, cast.owner);
      expect(renew.error).toEqual({ status: 'FAILED_PRECONDITION', message: RENEWAL_NEEDS_RESUME });
    });

    it('resumes: customer.subscription.updated again; asking twice changes nothing more', async () => {
      const events = await emitting(async () => {
        const res = await t.call('testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId, cancelAtPeriodEnd: false }, cast.owner);
        expect(res.result).toEqual({ success: true, message: SUBSCRIPTION_RESUMED });
      });
      expect(events.map((e) => [e.type, (e.data.object as { cancel_at_period_end?: boolean }).cancel_at_period_end])).toEqual([['customer.subscription.updated', false]]);
      const again = await emitting(() => t.call('testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId, cancelAtPeriodEnd: false }, cast.owner));
      expect(again).toEqual([]);
      expect((await subscription()).cancel_at_period_end).toBe(false);
    });
  });

  describe('renew now', () => {
    it('with a good card: a new paid invoice -0002 for the next period, the period advanced', async () => {
      const before = (await subscription()).items.data[0];
      let res;
      const events = await emitting(async () => { res = await t.call('testPortalRenewNow', { portalSessionId, subscriptionId }, cast.owner); });
      expect(res).toMatchObject({ status: 200, result: { outcome: 'paid', message: RENEWAL_PAID } });
      expect(events.map((e) => e.type)).toEqual(['invoice.finalized', 'invoice.paid', 'customer.subscription.updated']);
      const after = await subscription();
      const nextEnd = addIntervals(after.billing_cycle_anchor, 'month', 2);
      expect(after.items.data[0]).toMatchObject({ current_period_start: before.current_period_end, current_period_end: nextEnd });
      expect(after.status).toBe('active');
      const renewal = await invoice(after.latest_invoice!);
      expect(renewal).toMatchObject({
        number: (await invoice(firstInvoiceId)).number!.replace(/0001$/, '0002'), status: 'paid', total: 1299, billing_reason: 'subscription_cycle',
      });
      expect(renewal.lines.data[0].period).toEqual({ start: before.current_period_end, end: nextEnd });
    });

    it('with the declining card put on file: the invoice stays open and the subscription is past due', async () => {
      const update = await t.call('testPortalUpdateCard', { portalSessionId, ...DECLINING_CARD }, cast.owner);
      expect(update.result).toEqual({ success: true, message: CARD_UPDATED });
      expect((await portal()).result.portal.card).toMatchObject({ last4: '0002' });

      let res;
      const events = await emitting(async () => { res = await t.call('testPortalRenewNow', { portalSessionId, subscriptionId }, cast.owner); });
      expect(res).toMatchObject({ status: 200, result: { outcome: 'failed', message: RENEWAL_FAILED } });
      expect(events.map((e) => e.type)).toEqual(['invoice.finalized', 'invoice.payment_failed', 'customer.subscription.updated']);
      const after = await subscription();
      expect(after.status).toBe('past_due');
      expect(await invoice(after.latest_invoice!)).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0, amount_due: 1299 });
      expect(events[2].data.previous_attributes).toMatchObject({ status: 'active' });
    });

    it('a good card again: the open invoice is retried and paid, the subscription active; no new invoice', async () => {
      await t.call('testPortalUpdateCard', { portalSessionId, ...GOOD_CARD }, cast.owner);
      const open = (await subscription()).latest_invoice!;
      const invoicesBefore = (await portal()).result.portal.invoices.length;
      let res;
      const events = await emitting(async () => { res = await t.call('testPortalRenewNow', { portalSessionId, subscriptionId }, cast.owner); });
      expect(res).toMatchObject({ result: { outcome: 'paid' } });
      expect(events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
      expect(await invoice(open)).toMatchObject({ status: 'paid', attempt_count: 2, amount_paid: 1299 });
      expect((await subscription()).status).toBe('active');
      const view = (await portal()).result.portal;
      expect(view.invoices).toHaveLength(invoicesBefore);
      expect(view.invoices[0]).toMatchObject({ id: open, status: 'paid' });
    });
  });

  describe('card details', () => {
    it('an invalid number is refused and the card on file stays', async () => {
      const res = await t.call('testPortalUpdateCard', { portalSessionId, ...GOOD_CARD, cardNumber: '4242 4242 4242 4241' }, cast.owner);
      expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message: CARD_NUMBER_INVALID });
      expect((await portal()).result.portal.card).toMatchObject({ last4: '4242' });
    });
  });

  describe('whose portal', () => {
    let otherSubscriptionId: string;
    beforeAll(async () => {
      otherSubscriptionId = (await paidTestCheckout(t, cast.outsider, cast.otherAccountId)).subscriptionId!;
    });

    it('another customer\'s subscription through my portal: NOT_FOUND, and it is untouched', async () => {
      for (const [name, input] of [
        ['testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId: otherSubscriptionId, cancelAtPeriodEnd: true }],
        ['testPortalRenewNow', { portalSessionId, subscriptionId: otherSubscriptionId }],
      ] as const) {
        expect((await t.call(name, input, cast.owner)).error).toEqual({ status: 'NOT_FOUND', message: TEST_SUBSCRIPTION_NOT_FOUND });
      }
      expect(await subscription(otherSubscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: false, latest_invoice: expect.any(String) });
      expect((await emittedTestEvents(t)).flat().filter((e) => e.data.object.id === otherSubscriptionId).map((e) => e.type))
        .toEqual(['customer.subscription.created']);
    });

    for (const who of ['member', 'admin', 'outsider', 'globalAdmin'] as const) {
      it(`${who}: every portal function on the owner's portal is NOT_FOUND`, async () => {
        for (const [name, input] of [
          ['getTestPortal', { portalSessionId }], ['testPortalUpdateCard', { portalSessionId, ...DECLINING_CARD }],
          ['testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId, cancelAtPeriodEnd: true }], ['testPortalRenewNow', { portalSessionId, subscriptionId }],
        ] as const) {
          expect((await t.call(name, input, cast[who])).error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
        }
        expect((await subscription()).cancel_at_period_end).toBe(false);
        expect((await portal()).result.portal.card).toMatchObject({ last4: '4242' });
      });
    }

    it('signed out: 401; an unknown portal: NOT_FOUND', async () => {
      expect((await t.call('getTestPortal', { portalSessionId }, null)).status).toBe(401);
      expect((await t.call('getTestPortal', { portalSessionId: 'bps_test_nope' }, cast.owner)).error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
    });

    it('an admin who opened a portal loses it once no longer an admin of the account', async () => {
      const adminPortal = await openTestPortal(t, cast.admin, cast.accountId, customerId);
      expect((await t.call('getTestPortal', { portalSessionId: adminPortal }, cast.admin)).status).toBe(200);
      await t.services.db.updateTable('account_members').set({ role: 'member' }).where('account_id', '=', cast.accountId).where('user_id', '=', cast.admin.id).execute();
      try {
        expect((await t.call('getTestPortal', { portalSessionId: adminPortal }, cast.admin)).error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
        expect((await t.call('testPortalRenewNow', { portalSessionId: adminPortal, subscriptionId }, cast.admin)).status).toBe(404);
      } finally {
        await t.services.db.updateTable('account_members').set({ role: 'super_admin' }).where('account_id', '=', cast.accountId).where('user_id', '=', cast.admin.id).execute();
      }
    });
  });

  describe('a portal lasts an hour', () => {
    let stale: string;
    beforeEach(async () => {
      stale = await openTestPortal(t, cast.owner, cast.accountId, customerId);
      const record = (await readTestObject<TestPortalRecord>(t.services.db, 'portal_session', stale))!;
      await writeTestObject(t.services.db, 'portal_session', stale, { ...record, created: record.created - 3600 });
    });

    it('after which each of its functions is NOT_FOUND', async () => {
      for (const [name, input] of [
        ['getTestPortal', { portalSessionId: stale }], ['testPortalUpdateCard', { portalSessionId: stale, ...GOOD_CARD }],
        ['testPortalSetCancelAtPeriodEnd', { portalSessionId: stale, subscriptionId, cancelAtPeriodEnd: true }], ['testPortalRenewNow', { portalSessionId: stale, subscriptionId }],
      ] as const) {
        expect((await t.call(name, input, cast.owner)).error).toEqual({ status: 'NOT_FOUND', message: TEST_SESSION_NOT_FOUND });
      }
    });
  });
});
