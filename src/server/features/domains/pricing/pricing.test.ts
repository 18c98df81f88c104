import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_TLD_COSTS } from '../../../integrations/registrars/sandbox/sandboxPrices.ts';
import { createUser } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { costsOf, pricingState, setMarkup, setSupplierActive, supplierRow } from '../../../../../test/support/domains/pricing.ts';
import { ensureDomainPricing, ensureDomainSuppliers } from './supplierSync.ts';

describeEachDialect('TLD pricing from the sandbox (a new installation)', (dialect) => {
  let t: TestApp;
  let customer: TestUser;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [customer, operator] = await Promise.all([createUser(t), signUpOperator(t)]);
  });
  afterAll(async () => { await t.stop(); });

  const pricing = async () => {
    const res = await t.call('getTldPricing', {}, customer);
    expect(res.status).toBe(200);
    return res.result.pricing;
  };

  it('has no prices before the first start\'s pricing step', async () => {
    expect(await pricing()).toEqual({});
  });

  it('the first start creates the sandbox supplier and a 25 % global markup, and syncs the sandbox\'s costs at once', async () => {
    const synced = await ensureDomainPricing(t.services);
    expect(synced).toEqual([{
      id: 'sandbox', name: 'Sandbox', tldCount: SANDBOX_TLD_COSTS.length, newTlds: SANDBOX_TLD_COSTS.length, updatedTlds: 0, error: null, syncedAt: expect.any(String),
    }]);
    expect(await supplierRow(t, 'sandbox')).toMatchObject({ name: 'Sandbox', last_sync_error: null });
    expect(Boolean((await supplierRow(t, 'sandbox')).is_active)).toBe(true);
    const prices = await pricing();
    // .com.au's registry needs eligibility fields we do not collect: not sold.
    expect(Object.keys(prices).sort()).toEqual(SANDBOX_TLD_COSTS.map((c) => c.tld).filter((tld) => tld !== 'com.au').sort());
    // com costs 10.29: +25 % is 12.8625, rounded up to 12.87.
    expect(prices.com).toMatchObject({ price: 12.87, registerCents: 1287, renewCents: 1287, transferCents: 1287, currency: 'USD' });
    expect(prices.com.periods).toHaveLength(10);
    expect(prices.com.periods[1]).toEqual({ years: 2, registerCents: 2573, renewCents: 2573 });
    // info: 4.99 → 6.2375 → 6.24; renew 21.99 → 27.4875 → 27.49. A free transfer stays free.
    expect(prices.info).toMatchObject({ price: 6.24, registerCents: 624, renewCents: 2749 });
    expect(prices['co.uk']).toMatchObject({ registerCents: 749, transferCents: 0 });
    const [entry] = await auditEntries(t, 'domains.tld_sync');
    expect(entry).toMatchObject({ actorUserId: null, targetType: 'domain_supplier' });
  });

  it('a second start changes nothing: suppliers and markup exist once, a synced supplier is not synced again', async () => {
    const before = await pricingState(t);
    expect(await ensureDomainPricing(t.services)).toEqual([]);
    expect(await pricingState(t)).toEqual(before);
  });

  it('an operator\'s changed markup stays across starts', async () => {
    await setMarkup(t, '*', 'percent', 1000);
    await ensureDomainPricing(t.services);
    expect((await pricing()).com.registerCents).toBe(1132); // 10.29 + 10 % = 11.319
    await setMarkup(t, '*', 'percent', 2500);
  });

  it('a deactivated supplier stays deactivated across starts, and its prices drop out', async () => {
    await setSupplierActive(t, 'sandbox', false);
    await ensureDomainSuppliers(t.services);
    await ensureDomainPricing(t.services);
    expect(Boolean((await supplierRow(t, 'sandbox')).is_active)).toBe(false);
    expect(await pricing()).toEqual({});
    await setSupplierActive(t, 'sandbox', true);
    expect((await pricing()).com.registerCents).toBe(1287);
  });

  it('getTldPricing needs a signed-in caller', async () => {
    const res = await t.call('getTldPricing', {}, null);
    expect(res.status).toBe(401);
  });

  it('syncSupplierTlds by an operator re-reads the sandbox, audited with who asked', async () => {
    const res = await t.call('syncSupplierTlds', {}, operator);
    expect(res.status).toBe(200);
    expect(res.result.suppliers).toEqual({ sandbox: {
      name: 'Sandbox', status: 'success', tldCount: SANDBOX_TLD_COSTS.length, newTlds: 0, updatedTlds: 0, error: null, syncedAt: expect.any(String),
    } });
    expect(res.result.summary).toEqual({ totalSuppliers: 1, successfulSuppliers: 1, failedSuppliers: 0, totalTlds: SANDBOX_TLD_COSTS.length, newTlds: 0, updatedTlds: 0 });
    expect(res.result.requestId).toEqual(expect.any(String));
    const entries = await auditEntries(t, 'domains.tld_sync');
    expect(entries.at(-1)).toMatchObject({
      actorUserId: operator.id, actorEmail: operator.email, targetId: null,
      after: { suppliers: [{ id: 'sandbox', tldCount: SANDBOX_TLD_COSTS.length, error: null }] },
    });
  });

  it('is refused to customers and to an unknown supplier id, writing nothing', async () => {
    const before = await pricingState(t);
    const refused = await t.call('syncSupplierTlds', {}, customer);
    expect(refused.status).toBe(403);
    const unknown = await t.call('syncSupplierTlds', { supplierId: 'nosuchsupplier' }, operator);
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({ status: 'NOT_FOUND', message: 'Supplier not found.' });
    const invalid = await t.callRaw('syncSupplierTlds', { supplierId: 'sandbox', extra: true }, operator);
    expect(invalid.status).toBe(400);
    expect(await pricingState(t)).toEqual(before);
  });

  it('a supplier no longer configured here loses its costs at the next sync, with the reason on its row', async () => {
    const db = t.services.db;
    await db.insertInto('domain_suppliers').values({ id: 'enom', name: 'Enom', is_active: true }).execute();
    await db.insertInto('supplier_tld_costs').values({ supplier_id: 'enom', tld: 'com', register_cents: 100, renew_cents: 100, transfer_cents: 100, currency: 'USD' }).execute();
    expect((await pricing()).com.registerCents).toBe(125);
    const res = await t.call('syncSupplierTlds', { supplierId: 'enom' }, operator);
    expect(res.result.suppliers).toEqual({ enom: {
      name: 'Enom', status: 'failed', tldCount: 0, newTlds: 0, updatedTlds: 0, error: expect.stringMatching(/not configured/), syncedAt: expect.any(String),
    } });
    expect(res.result.errors).toEqual([{ supplier: 'enom', error: res.result.suppliers.enom.error }]);
    expect(await costsOf(t, 'enom')).toEqual({});
    expect((await supplierRow(t, 'enom')).last_synced_at).toBeNull();
    expect((await pricing()).com.registerCents).toBe(1287);
  });
});
