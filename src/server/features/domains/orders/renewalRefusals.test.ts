import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { expiredRenewalRefused, pastRegistryMaximum, renewalManagedByHand, renewalSupplierGone } from './texts.ts';

/**
 * A customer's renewal that no registrar could carry out is refused before payment (issue 18,
 * points 7 and the unconfigured supplier): no order is placed, so nothing can be charged.
 */
describeEachDialect('renewDomain refuses before payment what the registrar would refuse after it', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    a = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  const renew = (domain: string, years: number) => t.callRaw('renewDomain', { domain, years }, a.owner);
  const ordersOf = async (domainId: string) => t.services.db.selectFrom('domain_orders').select('id').where('domain_id', '=', domainId).execute();

  it('an expired domain: the restore it needs is not sold online, so no order and a sentence saying what to do', async () => {
    const lapsed = await seedDomain(t.services, a.accountId, { expiresInDays: -5 });
    await t.services.db.updateTable('domains').set({ status: 'expired' }).where('id', '=', lapsed.id).execute();
    expect(await renew(lapsed.name, 1)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: expiredRenewalRefused(lapsed.name) } });
    // Past its expiry but not yet marked by the daily job: the same.
    const unmarked = await seedDomain(t.services, a.accountId, { expiresInDays: -1 });
    expect((await renew(unmarked.name, 1)).error?.message).toBe(expiredRenewalRefused(unmarked.name));
    expect(await ordersOf(lapsed.id)).toEqual([]);
    expect(await ordersOf(unmarked.id)).toEqual([]);
  });

  it('a renewal ordered before the expiry and not paid by then is not sent to a checkout after it', async () => {
    const domain = await seedDomain(t.services, a.accountId, { expiresInDays: 3 });
    const placed = await t.call('renewDomain', { domain: domain.name, years: 1 }, a.owner);
    expect(placed.status).toBe(200);
    await t.services.db.updateTable('domains').set({ status: 'expired', expiration_date: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', domain.id).execute();
    expect(await t.callRaw('payDomainOrder', { orderId: placed.result.orderId }, a.owner))
      .toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: expiredRenewalRefused(domain.name) } });
    const checkouts = await t.services.db.selectFrom('checkout_sessions').select('id').where('reference', '=', placed.result.orderId).execute();
    expect(checkouts).toEqual([]);
  });

  it('a renewal past the registry\'s ten years from today is refused with the most years still possible; that many are ordered', async () => {
    const domain = await seedDomain(t.services, a.accountId, { expiresInDays: 300 });
    expect(await renew(domain.name, 10)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: pastRegistryMaximum(domain.name, 10, 9) } });
    expect(await ordersOf(domain.id)).toEqual([]);
    expect((await renew(domain.name, 9)).status).toBe(200);
    expect(await ordersOf(domain.id)).toHaveLength(1);
  });

  it('a domain whose registrar is no longer configured: no order, and support is named', async () => {
    await seedSupplier(t.services.db, { id: 'enom', name: 'Enom', active: false }, []);
    const domain = await seedDomain(t.services, a.accountId, { expiresInDays: 40 });
    await t.services.db.updateTable('domains').set({ supplier_id: 'enom' }).where('id', '=', domain.id).execute();
    expect(await renew(domain.name, 1)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: renewalSupplierGone(domain.name) } });
    expect(await ordersOf(domain.id)).toEqual([]);
  });

  it('a domain an operator manages by hand: no order through the registrar\'s API, and support is named', async () => {
    const domain = await seedDomain(t.services, a.accountId, { expiresInDays: 40 });
    await t.services.db.updateTable('domains').set({ management_mode: 'manual' }).where('id', '=', domain.id).execute();
    expect(await renew(domain.name, 1)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: renewalManagedByHand(domain.name) } });
    expect(await ordersOf(domain.id)).toEqual([]);
  });
});
