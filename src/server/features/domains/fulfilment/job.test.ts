import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSandboxSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { SANDBOX_NAMESERVERS } from '../../../integrations/registrars/sandbox/sandboxRules.ts';
import { fulfilOrder } from './job.ts';
import { attemptsOf, eventsOf, orderContact, orderRow, paidOrder, sandboxHolds, uniqueName } from '../../../../../test/support/domains/fulfilment.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE } from '../orders/queues.ts';
import { findOrderView } from '../orders/repository.ts';

/** The registration job with the sandbox as the only supplier: success, refusal, and a job run twice. */
describeEachDialect('the registration job', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;

  beforeAll(async () => {
    t = await startTestApp(dialect, { runWorkers: true });
    a = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
  });
  afterAll(async () => { await t.stop(); });

  const order = (domain: string, extra: { years?: number; privacy?: boolean; autoRenew?: boolean } = {}) =>
    paidOrder(t, { accountId: a.accountId, userId: a.member.id, domain, ...extra });
  const domainRow = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirst();

  it('a job sent for a paid order registers the name at the sandbox, adds the domain to the account and completes the order', async () => {
    const domain = uniqueName();
    const orderId = await order(domain, { years: 2, privacy: false, autoRenew: true });
    await t.services.jobs.send(FULFIL_ORDER_QUEUE, { orderId }, { singletonKey: orderId, ...FULFIL_ORDER_JOB_OPTIONS });

    const view = await waitFor(async () => {
      const found = await findOrderView(t.services.db, orderId);
      return found?.status === 'completed' ? found : undefined;
    });
    const info = await t.services.registrars.find((r) => r.id === 'sandbox')!.getInfo(domain);
    const row = (await domainRow(domain))!;
    expect(view).toMatchObject({
      status: 'completed', paymentStatus: 'paid', registrationStatus: 'registered', registrar: 'Sandbox',
      expirationDate: info.expiresAt, domain, error: null,
    });
    expect(view.registrationId).toMatch(/^SBX-/);
    expect(view.completedAt).not.toBeNull();
    expect(row.expiration_date).toBe(info.expiresAt);
    expect(new Date(info.expiresAt!).getUTCFullYear() - new Date(info.registeredAt!).getUTCFullYear()).toBe(2);
    expect(row).toMatchObject({ account_id: a.accountId, status: 'active', supplier_id: 'sandbox', registration_id: view.registrationId, tld: 'com' });
    expect(Boolean(row.auto_renew)).toBe(true);
    expect(Boolean(row.privacy)).toBe(false);
    expect(Boolean(row.locked)).toBe(true);
    expect(row.registration_date).toBe(view.registrationDate);
    expect(JSON.parse(row.nameservers)).toEqual(SANDBOX_NAMESERVERS);
    const contact = {
      firstName: 'Grace', lastName: 'Hopper', organization: null, email: 'grace@example.test', phone: '+1.5555550100',
      address1: '1 Compiler Way', address2: null, city: 'Arlington', state: 'VA', postalCode: '22201', country: 'US',
    };
    expect(JSON.parse(row.contacts!)).toEqual({ registrant: contact, admin: contact, tech: contact, billing: contact });
    expect((await orderRow(t, orderId)).domain_id).toBe(row.id);
    // We renew ourselves: the registrar must not.
    expect(info.autoRenew).toBe(false);
    expect(info.contacts?.registrant).toEqual(contact);

    const attempts = await attemptsOf(t, orderId);
    expect(attempts).toMatchObject([{ supplier_id: 'sandbox', operation: 'register', outcome: 'succeeded', reason: null, idempotency_key: `order:${orderId}:sandbox` }]);
    expect(attempts[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    expect((await eventsOf(t, orderId)).map((e) => e.type).sort()).toEqual(['domain.registered', 'order.domain.completed']);
    const mails = await t.outbox(a.member.email);
    expect(mails.filter((m) => m.subject === `${domain} is registered`)).toHaveLength(1);
  });

  it('a name the sandbox refuses (fail-) fails the order with our sentence, keeps the payment and tells the orderer', async () => {
    const domain = `fail-${uniqueName()}`;
    const orderId = await order(domain);
    expect(await fulfilOrder(t.services, orderId)).toBe('failed');

    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({
      status: 'failed', payment_status: 'paid', registration_status: 'failed', domain_id: null,
      error: `No registrar could register ${domain}. Our team has been notified and will retry or refund your payment.`,
    });
    expect(Boolean(row.admin_action_required)).toBe(true);
    const attempts = await attemptsOf(t, orderId);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ supplier_id: 'sandbox', operation: 'register', outcome: 'failed' });
    expect(attempts[0]!.reason).toBe('The supplier refused the request. The sandbox registrar refuses names that begin with fail-.');
    expect(await eventsOf(t, orderId)).toEqual([{
      type: 'order.domain.failed', accountId: a.accountId,
      payload: { orderId, domain, kind: 'registration', reason: row.error, attempts: 1 },
    }]);
    const mail = (await t.outbox(a.member.email)).find((m) => m.subject === `We could not register ${domain}`);
    expect(mail?.text_body).toContain(row.error!);
    expect(mail?.text_body).toContain('Your payment of $12.99 is recorded');
    expect(await domainRow(domain)).toBeUndefined();
    expect(await sandboxHolds(t, domain)).toBe(0);
  });

  it('a name every supplier says is taken fails with "no longer available"', async () => {
    const orderId = await order('github.com');
    expect(await fulfilOrder(t.services, orderId)).toBe('failed');
    expect((await orderRow(t, orderId)).error).toBe('github.com could not be registered: the name is no longer available.');
  });

  it('a second job for a completed order changes nothing and calls no supplier', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    const before = { order: await orderRow(t, orderId), domain: await domainRow(domain), attempts: await attemptsOf(t, orderId), events: await eventsOf(t, orderId) };

    await t.services.jobs.send(FULFIL_ORDER_QUEUE, { orderId }, { singletonKey: orderId, ...FULFIL_ORDER_JOB_OPTIONS });
    await waitFor(async () => {
      const job = await t.services.db.selectFrom('jobs').select('completed_at').where('singleton_key', '=', orderId).executeTakeFirst();
      return job?.completed_at ? job : undefined;
    });
    expect(await fulfilOrder(t.services, orderId)).toBe('skipped');
    expect({ order: await orderRow(t, orderId), domain: await domainRow(domain), attempts: await attemptsOf(t, orderId), events: await eventsOf(t, orderId) })
      .toEqual(before);
    expect(await sandboxHolds(t, domain)).toBe(1);
    expect((await t.outbox(a.member.email)).filter((m) => m.subject === `${domain} is registered`)).toHaveLength(1);
  });

  it('the contact typed in the form reaches the registrar in its phone form, organisation kept when given', async () => {
    const domain = uniqueName('net');
    const orderId = await order(domain);
    await t.services.db.updateTable('domain_orders')
      .set({ contact_info: JSON.stringify({ ...orderContact, organization: ' Navy ', country: 'GB', phone: '020 7946 0000' }) })
      .where('id', '=', orderId).execute();
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    const info = await t.services.registrars.find((r) => r.id === 'sandbox')!.getInfo(domain);
    expect(info.contacts?.billing).toMatchObject({ organization: 'Navy', phone: '+44.2079460000', country: 'GB' });
  });
});
