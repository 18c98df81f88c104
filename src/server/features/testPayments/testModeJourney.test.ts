import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import { DECLINING_CARD, GOOD_CARD } from '../../../../test/support/payments/testModePayments.ts';
import { CARD_DECLINED } from '../../../common/testPayments/contract.ts';

/**
 * The whole test-mode journey through the billing area's functions: start a checkout, pay on the
 * test page, find the plan active and invoiced on /billing, manage it in the portal. The billing
 * area (its functions and event handlers) is another part of issue 6: this file passes once both
 * are merged.
 */
describeEachDialect('test-mode journey: from Start Now to an active, invoiced plan', (dialect) => {
  let t: TestApp;
  let account: AccountWithMembers;
  let priceId: string;
  const overview = async (accountId = account.accountId) => {
    const res = await t.call('getBillingOverview', { accountId }, account.owner);
    expect(res.status).toBe(200);
    return res.result;
  };
  const sessionIdIn = (url: string) => new URL(url).pathname.split('/').at(-1)!;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    account = await accountWithMembers(t);
    priceId = (await createPlan(t, { name: 'Journey Hosting', prices: [{ unitAmount: 1999, interval: 'month' }] })).priceIds[0];
  });
  afterAll(async () => { await t.stop(); });

  it('paying with 4242 shows the subscription active and its invoice paid on /billing', async () => {
    const started = await t.call('createStripeCheckoutSession', { priceId, accountId: account.accountId }, account.owner);
    expect(started.status).toBe(200);
    expect(new URL(started.result.url).pathname).toBe(`/test-mode/checkout/${started.result.sessionId}`);

    const page = await t.call('getTestCheckout', { sessionId: started.result.sessionId }, account.owner);
    expect(page.result.session).toMatchObject({ status: 'open', amountTotal: 1999, lines: [{ description: 'Journey Hosting', interval: 'month' }] });
    const paid = await t.call('payTestCheckout', { sessionId: started.result.sessionId, ...GOOD_CARD }, account.owner);
    expect(paid.status).toBe(200);

    const billing = await overview();
    expect(billing.customerId).toMatch(/^cus_test_/);
    expect(billing.subscriptions).toMatchObject([{ productName: 'Journey Hosting', status: 'active', unitAmount: 1999, interval: 'month', cancelAtPeriodEnd: false }]);
    expect(billing.latestInvoice).toMatchObject({ status: 'paid', amountCents: 1999, number: expect.stringMatching(/^TEST-[A-Z]{4}-0001$/) });
    const invoices = await t.call('listInvoices', { accountId: account.accountId }, account.member);
    expect(invoices.result.invoices).toMatchObject([{ status: 'paid', amountCents: 1999 }]);
  });

  it('the portal link opens the test portal, where cancelling at the period\'s end shows on /billing', async () => {
    const link = await t.call('createAccountStripePortalLink', { accountId: account.accountId }, account.owner);
    expect(link.status).toBe(200);
    const portalSessionId = sessionIdIn(link.result.url);
    const portal = await t.call('getTestPortal', { portalSessionId }, account.owner);
    const [subscription] = portal.result.portal.subscriptions;

    await t.call('testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId: subscription.id, cancelAtPeriodEnd: true }, account.owner);
    expect((await overview()).subscriptions[0]).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await t.call('testPortalSetCancelAtPeriodEnd', { portalSessionId, subscriptionId: subscription.id, cancelAtPeriodEnd: false }, account.owner);
    expect((await overview()).subscriptions[0]).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('a renewal declined by the card on file marks the subscription past due on /billing', async () => {
    const portalSessionId = sessionIdIn((await t.call('createAccountStripePortalLink', { accountId: account.accountId }, account.owner)).result.url);
    const [subscription] = (await t.call('getTestPortal', { portalSessionId }, account.owner)).result.portal.subscriptions;
    await t.call('testPortalUpdateCard', { portalSessionId, ...DECLINING_CARD }, account.owner);
    const renewal = await t.call('testPortalRenewNow', { portalSessionId, subscriptionId: subscription.id }, account.owner);
    expect(renewal.result.outcome).toBe('failed');
    const billing = await overview();
    expect(billing.subscriptions[0].status).toBe('past_due');
    expect(billing.latestInvoice).toMatchObject({ status: 'open', amountCents: 1999 });
  });

  it('a declined card leaves nothing half-done: no customer, no subscription, no invoice', async () => {
    const other = await accountWithMembers(t);
    const started = await t.call('createStripeCheckoutSession', { priceId, accountId: other.accountId }, other.owner);
    const declined = await t.call('payTestCheckout', { sessionId: started.result.sessionId, ...DECLINING_CARD }, other.owner);
    expect(declined.error).toEqual({ status: 'FAILED_PRECONDITION', message: CARD_DECLINED });
    const billing = (await t.call('getBillingOverview', { accountId: other.accountId }, other.owner)).result;
    expect(billing).toMatchObject({ customerId: null, subscriptions: [], latestInvoice: null });
  });
});
