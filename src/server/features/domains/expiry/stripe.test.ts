import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { type FakeCardBehaviour, type FakeStripe, startFakeStripe, stripeModeEnv } from '../../../../../test/support/payments/fakeStripe.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { PaymentProviderError } from '../../../integrations/payments/provider.ts';
import { PROVIDER_UNAVAILABLE } from '../../../integrations/payments/stripe/stripeErrors.ts';
import { runDomainExpiry } from './job.ts';
import { expiryDay } from './mails.ts';
import { AUTOMATIC_RENEWAL_ORDERED_BY } from '../../../../common/domains/orders.ts';
import {
  daysLater, eventsAbout, expiryOf, fulfilJobs, mailsAbout, renewalOrders, setBillingEmail, setPaymentCustomer,
} from '../../../../../test/support/domains/expiry.ts';
import { findOrder, insertOrder } from '../orders/repository.ts';
import { renewalIdempotencyKey } from './renewalCharge.ts';

describeEachDialect('automatic renewals charged at Stripe (a local fake of its API)', (dialect) => {
  let fake: FakeStripe;
  let t: TestApp;
  const run = (now = new Date()) => runDomainExpiry(t.services, now);
  /** The payment intents Stripe was asked to create for an order. */
  const chargesFor = (orderId: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.params.metadata?.reference === orderId);

  /** An account whose customer at Stripe has a default card that behaves as told (none: no card saved). */
  async function payingAccount(card: FakeCardBehaviour | 'none') {
    const account = await accountWithMembers(t);
    const customer = fake.addCustomer(account.owner.email);
    if (card !== 'none') fake.addDefaultCard(customer.id, card);
    await setPaymentCustomer(t, account.accountId, customer.id);
    return { ...account, customerId: customer.id };
  }
  const renewable = (account: AccountWithMembers, days = 10) => seedDomain(t.services, account.accountId, { expiresInDays: days, autoRenew: true });

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(dialect, { env: stripeModeEnv(fake) });
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('charges the saved card off-session with the order\'s idempotency key; the order is paid and its fulfilment queued; a rerun charges nothing', async () => {
    const account = await payingAccount('succeeds');
    const domain = await renewable(account);
    await run();
    await run();
    const [order, ...others] = await renewalOrders(t, domain.id);
    expect(others).toEqual([]);
    const [charge, ...more] = chargesFor(order.id);
    expect(more).toEqual([]);
    expect(charge.idempotencyKey).toBe(`domain-renewal:${order.id}`);
    expect(charge.params).toMatchObject({
      customer: account.customerId, amount: String(order.total_cents), currency: 'usd', off_session: 'true', confirm: 'true',
      metadata: { accountId: account.accountId, purpose: 'domain_order', reference: order.id },
    });
    const intent = fake.get(order.payment_reference!);
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount_received: order.total_cents });
    expect(order).toMatchObject({ status: 'processing', payment_status: 'paid', payment_method: 'saved_method', ordered_by: AUTOMATIC_RENEWAL_ORDERED_BY });
    expect(await fulfilJobs(t, order.id)).toEqual([{ key: order.id, payload: { orderId: order.id } }]);
    expect(await mailsAbout(t, account.owner.email, 'renewal')).toEqual([]);
  });

  it('a declined card fails the order and tells the billing contact when the domain expires; the next day it is tried again', async () => {
    const account = await payingAccount('declined');
    await setBillingEmail(t, account.accountId, 'billing-declined@example.test');
    const domain = await renewable(account);
    const now = new Date();
    await run(now);
    await run(now);
    const [order, ...others] = await renewalOrders(t, domain.id);
    expect(others).toEqual([]);
    expect(order).toMatchObject({
      status: 'failed', payment_status: 'failed', payment_reference: null, error: 'Automatic renewal failed: Your card was declined.',
    });
    expect(await fulfilJobs(t, order.id)).toEqual([]);
    expect(await eventsAbout(t, 'order.domain.failed', domain.name)).toEqual([
      expect.objectContaining({ account_id: account.accountId, severity: 'warning', payload: expect.objectContaining({ orderId: order.id }) }),
    ]);
    const failures = await mailsAbout(t, 'billing-declined@example.test', `Automatic renewal of ${domain.name} failed`);
    expect(failures).toHaveLength(1);
    const expiresOn = expiryDay(await expiryOf(t, domain.id));
    expect(failures[0].text_body).toContain('Your card was declined.');
    expect(failures[0].text_body).toContain(`It will expire on ${expiresOn} unless it is renewed`);
    expect(failures[0].text_body).toContain(`http://localhost:3000/domains/${domain.name}`);
    expect(await mailsAbout(t, account.owner.email, domain.name)).toEqual([]);

    await run(daysLater(now, 1));
    const retried = await renewalOrders(t, domain.id);
    expect(retried.map((o) => o.status)).toEqual(['failed', 'failed']);
    expect(chargesFor(retried[1].id)).toHaveLength(1);
  });

  it('a card that needs its holder fails the same way, with Stripe\'s words', async () => {
    const account = await payingAccount('authentication_required');
    const domain = await renewable(account);
    await run();
    const [order] = await renewalOrders(t, domain.id);
    expect(order.error).toBe('Automatic renewal failed: Your card was declined. This transaction requires authentication.');
  });

  it('an account without a payment customer, or without a saved card, fails without a charge', async () => {
    const noCustomer = await accountWithMembers(t);
    const noCard = await payingAccount('none');
    const first = await renewable(noCustomer);
    const second = await renewable(noCard);
    await run();
    for (const domain of [first, second]) {
      const [order] = await renewalOrders(t, domain.id);
      expect(order).toMatchObject({ status: 'failed', error: 'Automatic renewal failed: No saved payment method.' });
      expect(chargesFor(order.id)).toEqual([]);
    }
    expect(await mailsAbout(t, noCustomer.owner.email, `Automatic renewal of ${first.name} failed`)).toHaveLength(1);
  });

  it('a run stopped between the charge and its record is finished by the next one without a second charge', async () => {
    const account = await payingAccount('succeeds');
    const domain = await renewable(account, 12);
    // What the stopped run left: its order awaiting payment, and the charge it made at Stripe.
    const orderId = 'ord_stopped_run';
    await insertOrder(t.services.db, {
      id: orderId, kind: 'renewal', accountId: account.accountId, userId: null, orderedBy: AUTOMATIC_RENEWAL_ORDERED_BY,
      domain: domain.name, tld: 'com', domainId: domain.id, years: 1, priceCents: 1500, currency: 'USD', contactInfo: null,
      privacyProtection: false, autoRenew: true, now: new Date().toISOString(),
    });
    const charged = await t.services.payments.chargeSavedPaymentMethod({
      customerId: account.customerId, amount: 1500, currency: 'USD', description: `Renewal of ${domain.name}, 1 year`,
      metadata: { accountId: account.accountId, purpose: 'domain_order', reference: orderId }, idempotencyKey: renewalIdempotencyKey(orderId),
    });
    expect(charged.status).toBe('succeeded');

    await run();
    expect((await renewalOrders(t, domain.id)).map((o) => o.id)).toEqual([orderId]);
    expect(await findOrder(t.services.db, orderId)).toMatchObject({
      status: 'processing', payment_reference: charged.status === 'succeeded' ? charged.paymentId : null,
    });
    expect(chargesFor(orderId)).toHaveLength(1);
  });

  it('Stripe unreachable: the order waits for its charge, and the next run charges it', async () => {
    const account = await payingAccount('succeeds');
    const domain = await renewable(account, 11);
    const working = t.services.payments.chargeSavedPaymentMethod;
    t.services.payments.chargeSavedPaymentMethod = () => Promise.reject(new PaymentProviderError('unavailable', PROVIDER_UNAVAILABLE));
    try {
      expect((await run()).renewals.errors).toBeGreaterThan(0);
    } finally {
      t.services.payments.chargeSavedPaymentMethod = working;
    }
    const [waiting] = await renewalOrders(t, domain.id);
    expect(waiting).toMatchObject({ status: 'pending_payment', payment_status: 'pending' });
    await run();
    expect((await renewalOrders(t, domain.id)).map((o) => [o.id, o.status])).toEqual([[waiting.id, 'processing']]);
    expect(chargesFor(waiting.id)).toHaveLength(1);
  });

  it('the reminder says the renewal will be charged to the saved payment method', async () => {
    const account = await payingAccount('succeeds');
    const domain = await renewable(account, 30);
    await run();
    const [mail] = await mailsAbout(t, account.owner.email, domain.name);
    expect(mail.subject).toBe(`${domain.name} expires in 30 days`);
    expect(mail.text_body).toContain('charged to the saved payment method of the account');
  });
});
