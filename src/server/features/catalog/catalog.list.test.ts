import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { createUser } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';

describeEachDialect('listProducts: what is for sale, in the spec order', (dialect) => {
  let t: TestApp;
  let customer: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    customer = await createUser(t);
    // Names and categories written out of order, so that only the server's sorting puts them right.
    ids.zeta = (await createPlan(t, { name: 'Zeta Hosting', category: 'Hosting', prices: [{ unitAmount: 3000, interval: 'month' }] })).productId;
    ids.domainPack = (await createPlan(t, { name: 'Domain Pack', category: 'Domains', prices: [{ unitAmount: 1200, interval: 'year' }] })).productId;
    ids.support = (await createPlan(t, { name: 'Support Hours', category: null, prices: [{ unitAmount: 5000, interval: null }] })).productId;
    ids.alpha = (await createPlan(t, {
      name: 'Alpha Hosting', category: 'Hosting', popular: true, features: ['1 website', 'Free SSL'],
      prices: [
        { unitAmount: 9900, interval: null },
        { unitAmount: 12000, interval: 'year' },
        { unitAmount: 1500, interval: 'month' },
        { unitAmount: 1000, interval: 'year' },
        { unitAmount: 900, interval: 'month' },
        { unitAmount: 100, interval: 'month', active: false },
        { unitAmount: 2500, interval: 'month', currency: 'eur' },
      ],
    })).productId;
    ids.migration = (await createPlan(t, { name: 'Migration', category: null, prices: [{ unitAmount: 2000, interval: null }] })).productId;
    ids.backup = (await createPlan(t, { name: 'Backup', category: 'Add-ons', prices: [{ unitAmount: 300, interval: 'month' }] })).productId;
    // Left out: an inactive product, a product whose prices are all inactive, a product with no price.
    ids.retired = (await createPlan(t, { name: 'Retired Hosting', category: 'Hosting', active: false })).productId;
    ids.unpriced = (await createPlan(t, { name: 'Unpriced Hosting', category: 'Hosting', prices: [{ unitAmount: 700, interval: 'month', active: false }] })).productId;
    ids.empty = (await createPlan(t, { name: 'Empty Hosting', category: 'Hosting', prices: [] })).productId;
  });
  afterAll(async () => { await t.stop(); });

  const names = (products: { name: string }[]) => products.map((p) => p.name);

  it('sorts categories alphabetically, with products without a category as Other Services, and products by name', async () => {
    const res = await t.call('listProducts', {}, null);
    expect(res.status).toBe(200);
    // Add-ons, Domains, Hosting, Other Services (no category).
    expect(names(res.result.products)).toEqual(['Backup', 'Domain Pack', 'Alpha Hosting', 'Zeta Hosting', 'Migration', 'Support Hours']);
  });

  it('leaves out inactive products, inactive prices and products with no active price', async () => {
    const res = await t.call('listProducts', {}, customer);
    const listed = res.result.products.map((p: { id: string }) => p.id);
    for (const hidden of [ids.retired, ids.unpriced, ids.empty]) expect(listed).not.toContain(hidden);
    const alpha = res.result.products.find((p: { id: string }) => p.id === ids.alpha)!;
    expect(alpha.prices.map((p: { unitAmount: number }) => p.unitAmount)).not.toContain(100);
  });

  it('orders prices month, year, then one-off, each by amount, with currencies upper case', async () => {
    const res = await t.call('listProducts', {}, customer);
    const alpha = res.result.products.find((p: { id: string }) => p.id === ids.alpha)!;
    expect(alpha.prices.map((p: { unitAmount: number; interval: string | null; currency: string }) => [p.interval, p.unitAmount, p.currency])).toEqual([
      ['month', 900, 'USD'], ['month', 1500, 'USD'], ['month', 2500, 'EUR'], ['year', 1000, 'USD'], ['year', 12000, 'USD'], [null, 9900, 'USD'],
    ]);
  });

  it('answers the public fields of a product, features from the catalogue and popular as a flag', async () => {
    const res = await t.call('listProducts', {}, null);
    const alpha = res.result.products.find((p: { id: string }) => p.id === ids.alpha)!;
    expect(alpha).toMatchObject({ name: 'Alpha Hosting', description: 'A plan for tests.', category: 'Hosting', popular: true, features: ['1 website', 'Free SSL'] });
    expect(Object.keys(alpha).sort()).toEqual(['category', 'description', 'features', 'id', 'name', 'orderFields', 'popular', 'prices']);
    // Not a plan that provisions hosting: the checkout asks for nothing more.
    expect(alpha.orderFields).toEqual([]);
    expect(Object.keys(alpha.prices[0]).sort()).toEqual(['currency', 'id', 'interval', 'unitAmount']);
    const support = res.result.products.find((p: { id: string }) => p.id === ids.support);
    expect(support).toMatchObject({ category: null, popular: false });
  });

  describe('the category filter', () => {
    it('keeps only the products of the stored category, in name order (the hosting page)', async () => {
      const res = await t.call('listProducts', { category: 'Hosting' }, customer);
      expect(names(res.result.products)).toEqual(['Alpha Hosting', 'Zeta Hosting']);
    });

    it('matches the stored category exactly: Other Services is a display group, not a category', async () => {
      expect(names((await t.call('listProducts', { category: 'hosting' }, customer)).result.products)).toEqual([]);
      expect(names((await t.call('listProducts', { category: 'Other Services' }, customer)).result.products)).toEqual([]);
    });

    it('refuses a category that is empty, too long or not text, with a message', async () => {
      for (const category of ['', '   ', 'x'.repeat(61), 5, null]) {
        const res = await t.callRaw('listProducts', { category }, customer);
        expect(res.status).toBe(400);
        expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Category is not valid.', details: expect.anything() });
      }
    });

    it('refuses fields it does not know', async () => {
      const res = await t.callRaw('listProducts', { category: 'Hosting', active: false }, customer);
      expect(res.status).toBe(400);
      expect(res.error?.status).toBe('INVALID_ARGUMENT');
    });
  });
});
