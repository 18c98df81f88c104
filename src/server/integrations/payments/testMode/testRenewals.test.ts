import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import {
  appliedEventIds, DECLINING_CARD, emittedTestEvents, openTestPortal, paidTestCheckout, startTestCheckout,
} from '../../../../../test/support/payments/testModePayments.ts';
import { testModeDeps } from './testEvents.ts';
import { readTestObject, type TestCheckoutRecord, type TestInvoiceRecord, type TestSubscriptionRecord, writeTestObject } from './testObjects.ts';
import { runTestRenewals, TEST_RENEWAL_CRON, TEST_RENEWAL_QUEUE } from './testRenewals.ts';
import { registerTestModeWorkers } from './workers.ts';

describeEachDialect('test mode over time: the hourly renewals', (dialect) => {
  let t: TestApp;
  let account: AccountWithMembers;
  const subscription = async (id: string) => (await readTestObject<TestSubscriptionRecord>(t.services.db, 'subscription', id))!;
  const periodEnd = async (id: string) => (await subscription(id)).items.data[0].current_period_end;
  const run = (now: number) => runTestRenewals(testModeDeps(t.services), now);
  const eventsOf = async (id: string) => (await emittedTestEvents(t)).flat().filter((e) => e.data.object.id === id).map((e) => e.type);

  beforeAll(async () => {
    // Workers are not started: the runs below are the only ones, at the times they give.
    t = await startTestApp(dialect);
    account = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  it('is scheduled every hour by the test provider\'s workers', async () => {
    await registerTestModeWorkers(t.services);
    const schedule = await t.services.db.selectFrom('job_schedules').selectAll().where('name', '=', TEST_RENEWAL_QUEUE).executeTakeFirst();
    expect(schedule).toMatchObject({ cron: TEST_RENEWAL_CRON });
    expect(TEST_RENEWAL_CRON.split(' ').slice(1)).toEqual(['*', '*', '*', '*']);
  });

  it('renews a subscription whose period is over, charging the card on file; a second run does nothing', async () => {
    const { subscriptionId } = await paidTestCheckout(t, account.owner, account.accountId);
    const end = await periodEnd(subscriptionId!);
    expect(await run(end - 1)).toMatchObject({ renewed: 0, ended: 0 });

    expect(await run(end)).toMatchObject({ renewed: 1 });
    const renewed = await subscription(subscriptionId!);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0].current_period_start).toBe(end);
    expect(await readTestObject<TestInvoiceRecord>(t.services.db, 'invoice', renewed.latest_invoice!)).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle' });
    expect(await eventsOf(subscriptionId!)).toEqual(['customer.subscription.created', 'customer.subscription.updated']);

    expect(await run(end)).toMatchObject({ renewed: 0, ended: 0 });
    expect(await periodEnd(subscriptionId!)).toBe(renewed.items.data[0].current_period_end);
  });

  it('ends a subscription set to cancel at its period\'s end: customer.subscription.deleted', async () => {
    const { subscriptionId, customerId } = await paidTestCheckout(t, account.owner, account.accountId);
    const portalSessionId = await openTestPortal(t, account.owner, account.accountId, customerId);
    await t.call('testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId: subscriptionId!, cancelAtPeriodEnd: true }, account.owner);
    const end = await periodEnd(subscriptionId!);

    expect(await run(end + 60)).toMatchObject({ ended: 1 });
    expect(await subscription(subscriptionId!)).toMatchObject({ status: 'canceled', ended_at: end });
    const events = (await emittedTestEvents(t)).flat().filter((e) => e.data.object.id === subscriptionId);
    expect(events.at(-1)).toMatchObject({ type: 'customer.subscription.deleted', data: { object: { status: 'canceled' } } });
    expect(await appliedEventIds(t)).toContain(events.at(-1)!.id);
  });

  it('a renewal that fails leaves the subscription past due; still unpaid at the next period\'s end, it ends', async () => {
    const { subscriptionId, customerId } = await paidTestCheckout(t, account.owner, account.accountId);
    const portalSessionId = await openTestPortal(t, account.owner, account.accountId, customerId);
    await t.call('testPortalUpdateCard', { portalSessionId, ...DECLINING_CARD }, account.owner);
    const end = await periodEnd(subscriptionId!);

    expect(await run(end)).toMatchObject({ renewed: 1 });
    const pastDue = await subscription(subscriptionId!);
    expect(pastDue.status).toBe('past_due');
    expect(await eventsOf(pastDue.latest_invoice!)).toEqual(['invoice.finalized', 'invoice.payment_failed']);

    expect(await run(await periodEnd(subscriptionId!))).toMatchObject({ ended: 1 });
    expect((await subscription(subscriptionId!)).status).toBe('canceled');
  });

  it('expires a checkout left open for a day, with checkout.session.expired; a younger one stays open', async () => {
    const stale = await startTestCheckout(t, account.owner, account.accountId);
    const fresh = await startTestCheckout(t, account.owner, account.accountId);
    const record = (await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', stale.sessionId))!;
    const now = Math.floor(Date.now() / 1000);
    await writeTestObject(t.services.db, 'checkout_session', stale.sessionId, { ...record, created: now - 24 * 3600 });

    expect(await run(now)).toMatchObject({ expiredCheckouts: 1 });
    expect((await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', stale.sessionId))!.status).toBe('expired');
    expect((await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', fresh.sessionId))!.status).toBe('open');
    expect(await eventsOf(stale.sessionId)).toEqual(['checkout.session.expired']);
  });
});
