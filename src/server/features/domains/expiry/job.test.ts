import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTO_RENEW_DAYS_AHEAD } from '../../../../common/domains/domains.ts';
import type { OrderStatus } from '../../../../common/domains/orders.ts';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { registerExpiryWorker, runDomainExpiry } from './job.ts';
import { AUTOMATIC_RENEWAL_ORDERED_BY } from '../../../../common/domains/orders.ts';
import {
  daysLater, domainRow, eventsAbout, expiryOf, fulfilJobs, mailsAbout, renewalOrders, setBillingEmail,
} from '../../../../../test/support/domains/expiry.ts';
import { DOMAIN_EXPIRY_CRON, DOMAIN_EXPIRY_QUEUE } from '../orders/queues.ts';
import { insertOrder } from '../orders/repository.ts';
import { sellPrices } from '../pricing/tldPrices.ts';
import { watchRegistrar } from '../../../../../test/support/domains/fulfilment.ts';
import { RegistrarError } from '../../../integrations/registrars/registrar.ts';
import { fulfilOrder } from '../fulfilment/job.ts';

describeEachDialect('the daily expiry job in test mode', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  let renewCents: number;
  const run = (now = new Date()) => runDomainExpiry(t.services, now);
  const seed = (days: number, autoRenew: boolean, accountId = a.accountId) => seedDomain(t.services, accountId, { expiresInDays: days, autoRenew });

  /** A renewal order as another writer (a customer's renewDomain, the back office) would leave it. */
  async function existingRenewal(domain: { id: string; name: string }, status: OrderStatus, options: { createdDaysAgo?: number; automatic?: boolean } = {}) {
    const id = `ord_${randomBytes(9).toString('base64url')}`;
    const at = daysLater(new Date(), -(options.createdDaysAgo ?? 0)).toISOString();
    await insertOrder(t.services.db, {
      id, kind: 'renewal', accountId: a.accountId, userId: options.automatic ? null : a.owner.id,
      orderedBy: options.automatic ? AUTOMATIC_RENEWAL_ORDERED_BY : a.owner.name, domain: domain.name, tld: 'com', domainId: domain.id,
      years: 1, priceCents: renewCents, currency: 'USD', contactInfo: null, privacyProtection: false, autoRenew: true, now: at,
    });
    if (status !== 'pending_payment') await t.services.db.updateTable('domain_orders').set({ status }).where('id', '=', id).execute();
    return id;
  }

  beforeAll(async () => {
    // No workers: each run below is the only one, at the time it gives.
    t = await startTestApp(dialect);
    a = await accountWithMembers(t);
    await seed(400, false);
    renewCents = (await sellPrices(t.services.db)).get('com')!.renewCents!;
  });
  afterAll(async () => { await t.stop(); });

  it('is worked on its queue and scheduled daily', async () => {
    await registerExpiryWorker(t.services.jobs, t.services);
    const schedule = await t.services.db.selectFrom('job_schedules').selectAll().where('name', '=', DOMAIN_EXPIRY_QUEUE).executeTakeFirst();
    expect(schedule).toMatchObject({ cron: DOMAIN_EXPIRY_CRON });
  });

  it('marks an active domain past its expiry as expired, once, with a domain.expired event', async () => {
    const lapsed = await seed(-2, true);
    const soon = await seed(3, false);
    await run();
    await run();
    expect((await domainRow(t, lapsed.id)).status).toBe('expired');
    expect((await domainRow(t, soon.id)).status).toBe('active');
    expect(await eventsAbout(t, 'domain.expired', lapsed.name)).toEqual([
      expect.objectContaining({ account_id: a.accountId, payload: expect.objectContaining({ domainId: lapsed.id }) }),
    ]);
    expect(await eventsAbout(t, 'domain.expired', soon.name)).toEqual([]);
    // An expired domain is the customer's to renew: the job does not order it.
    expect(await renewalOrders(t, lapsed.id)).toEqual([]);
  });

  it('renews a domain with auto-renew inside the window: one order at our renew price, paid as test mode, its fulfilment job queued; a rerun adds nothing', async () => {
    const domain = await seed(10, true);
    await run();
    await run();
    const orders = await renewalOrders(t, domain.id);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({
      kind: 'renewal', status: 'processing', payment_status: 'paid', payment_method: 'test', payment_reference: null,
      ordered_by: 'Automatic renewal', user_id: null, account_id: a.accountId, domain: domain.name, years: 1,
      price_cents: renewCents, total_cents: renewCents, currency: 'USD', error: null,
    });
    expect(order.paid_at).not.toBeNull();
    expect(await fulfilJobs(t, order.id)).toEqual([{ key: order.id, payload: { orderId: order.id } }]);
    expect(await eventsAbout(t, 'order.domain.created', domain.name)).toHaveLength(1);
    expect(await eventsAbout(t, 'order.domain.paid', domain.name)).toHaveLength(1);
    // And one reminder, which says the renewal is automatic.
    const mails = await mailsAbout(t, a.owner.email, domain.name);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`${domain.name} expires in 10 days`);
    expect(mails[0].text_body).toContain('Automatic renewal is on: it will be renewed automatically');
  });

  it('two runs at once order a domain once', async () => {
    const domains = await Promise.all([seed(6, true), seed(6, true), seed(6, true)]);
    await Promise.all([run(), run(), run()]);
    for (const domain of domains) {
      const orders = await renewalOrders(t, domain.id);
      expect(orders.map((o) => o.status)).toEqual(['processing']);
      expect(await fulfilJobs(t, orders[0].id)).toHaveLength(1);
    }
  });

  it('auto-renew off: no order, only the reminder with the link to renew', async () => {
    const domain = await seed(10, false);
    await run();
    expect(await renewalOrders(t, domain.id)).toEqual([]);
    const [mail] = await mailsAbout(t, a.owner.email, domain.name);
    expect(mail.text_body).toContain('Automatic renewal is off');
    expect(mail.text_body).toContain(`http://localhost:3000/domains/${domain.name}`);
  });

  it('a hand-managed domain is reminded but never renewed through the API; an unassigned one is neither', async () => {
    const byHand = await seed(10, true);
    const loose = await seed(10, true);
    await t.services.db.updateTable('domains').set({ management_mode: 'manual' }).where('id', '=', byHand.id).execute();
    await t.services.db.updateTable('domains').set({ account_id: null }).where('id', '=', loose.id).execute();
    await run();
    expect(await renewalOrders(t, byHand.id)).toEqual([]);
    expect(await renewalOrders(t, loose.id)).toEqual([]);
    expect(await mailsAbout(t, a.owner.email, byHand.name)).toHaveLength(1);
    expect(await mailsAbout(t, a.owner.email, loose.name)).toEqual([]);
  });

  it('renews only from AUTO_RENEW_DAYS_AHEAD days before expiry', async () => {
    const domain = await seed(AUTO_RENEW_DAYS_AHEAD + 2, true);
    await run();
    expect(await renewalOrders(t, domain.id)).toEqual([]);
    await run(daysLater(new Date(), 3));
    expect(await renewalOrders(t, domain.id)).toHaveLength(1);
  });

  it('finishes an automatic order a stopped run left awaiting its charge, instead of ordering again', async () => {
    const domain = await seed(9, true);
    const orderId = await existingRenewal(domain, 'pending_payment', { automatic: true });
    await run();
    const orders = await renewalOrders(t, domain.id);
    expect(orders.map((o) => [o.id, o.status, o.payment_method])).toEqual([[orderId, 'processing', 'test']]);
    expect(await fulfilJobs(t, orderId)).toHaveLength(1);
  });

  it('a renewal under way or completed this term keeps the job from ordering another; an abandoned checkout does not', async () => {
    const underWay = await seed(8, true);
    await existingRenewal(underWay, 'processing');
    const parked = await seed(8, true);
    await existingRenewal(parked, 'requires_manual_processing');
    // Completed a month ago, but the new expiry never reached the row: renewing again would charge twice.
    const renewedStale = await seed(8, true);
    await existingRenewal(renewedStale, 'completed', { createdDaysAgo: 30 });
    const paying = await seed(8, true);
    await existingRenewal(paying, 'pending_payment');
    // Last year's renewal, and a checkout the customer left three days ago, do not stop this year's.
    const lastYear = await seed(8, true);
    await existingRenewal(lastYear, 'completed', { createdDaysAgo: 370 });
    const abandoned = await seed(8, true);
    await existingRenewal(abandoned, 'pending_payment', { createdDaysAgo: 3 });

    await run();
    for (const blocked of [underWay, parked, renewedStale, paying]) expect(await renewalOrders(t, blocked.id)).toHaveLength(1);
    for (const free of [lastYear, abandoned]) {
      const orders = await renewalOrders(t, free.id);
      expect(orders).toHaveLength(2);
      expect(orders.at(-1)).toMatchObject({ ordered_by: AUTOMATIC_RENEWAL_ORDERED_BY, status: 'processing' });
    }
  });

  it('the reminder goes to the billing e-mail when the account has one', async () => {
    const b = await accountWithMembers(t);
    await setBillingEmail(t, b.accountId, 'accounts-payable@example.test');
    const domain = await seed(20, false, b.accountId);
    await run();
    expect(await mailsAbout(t, 'accounts-payable@example.test', domain.name)).toHaveLength(1);
    expect(await mailsAbout(t, b.owner.email, domain.name)).toEqual([]);
  });

  it('reminds 30 and 7 days before expiry, each exactly once', async () => {
    const domain = await seed(30, false);
    const now = new Date();
    const subjects = async () => (await mailsAbout(t, a.owner.email, domain.name)).map((m) => m.subject);
    await run(now);
    await run(now);
    expect(await subjects()).toEqual([`${domain.name} expires in 30 days`]);
    await run(daysLater(now, 1));
    await run(daysLater(now, 20));
    expect(await subjects()).toHaveLength(1);
    await run(daysLater(now, 23));
    await run(daysLater(now, 23));
    await run(daysLater(now, 25));
    expect(await subjects()).toEqual([`${domain.name} expires in 30 days`, `${domain.name} expires in 7 days`]);
    expect(await eventsAbout(t, 'domain.expiring', domain.name)).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ reminderDays: 30, daysLeft: 30 }) }),
      expect.objectContaining({ payload: expect.objectContaining({ reminderDays: 7, daysLeft: 7 }) }),
    ]);
  });

  it('a domain first seen 5 days before expiry gets the 7-day reminder only, never a 30-day one after it', async () => {
    const domain = await seed(5, false);
    await run();
    await run(daysLater(new Date(), 1));
    expect((await mailsAbout(t, a.owner.email, domain.name)).map((m) => m.subject)).toEqual([`${domain.name} expires in 5 days`]);
    const notices = await t.services.db.selectFrom('domain_expiry_notices').select('days_before').where('domain_id', '=', domain.id).orderBy('days_before').execute();
    expect(notices.map((n) => n.days_before)).toEqual([7, 30]);
  });

  it('a renewed domain is reminded again before its new expiry', async () => {
    const domain = await seed(25, false);
    const now = new Date();
    await run(now);
    const renewedUntil = daysLater(new Date(await expiryOf(t, domain.id)), 365).toISOString();
    await t.services.db.updateTable('domains').set({ expiration_date: renewedUntil }).where('id', '=', domain.id).execute();
    await run(daysLater(now, 365));
    expect((await mailsAbout(t, a.owner.email, domain.name)).map((m) => m.subject))
      .toEqual([`${domain.name} expires in 25 days`, `${domain.name} expires in 25 days`]);
  });
  it('in test mode a renewal the registrar keeps refusing is retried there, then refunded with nothing to give back at a provider, and the billing contact told', async () => {
    const domain = await seed(10, true);
    const watched = watchRegistrar(t, 'sandbox', { renew: async () => { throw new RegistrarError('failed', 'Renewal refused.', { registrar: 'sandbox' }); } });
    try {
      const start = new Date();
      for (let day = 0; day < 5; day += 1) {
        await run(daysLater(start, day));
        for (const order of await renewalOrders(t, domain.id)) if (order.status === 'processing') await fulfilOrder(t.services, order.id);
      }
      expect(watched.calls.renew).toBe(3);
    } finally {
      watched.restore();
    }
    const [order, ...more] = await renewalOrders(t, domain.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ status: 'failed', payment_status: 'refunded', payment_method: 'test', admin_action_required: true });
    expect(await eventsAbout(t, 'order.domain.refunded', domain.name)).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ orderId: order!.id, refundId: null, automatic: true }) }),
    ]);
    expect(await mailsAbout(t, a.owner.email, 'Refund of')).toHaveLength(1);
  });
});
