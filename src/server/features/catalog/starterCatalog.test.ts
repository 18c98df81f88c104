import { afterEach, expect, it } from 'vitest';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { describeEachDialect, type SharedTestDatabase, sharedTestDatabase, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import { ensureStarterCatalog } from './starterCatalog.ts';

describeEachDialect('starter catalogue', (dialect) => {
  const apps: TestApp[] = [];
  let shared: SharedTestDatabase | null = null;
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.stop();
    await shared?.drop();
    shared = null;
  });
  const start = async (options: Parameters<typeof startTestApp>[1] = {}) => {
    const app = await startTestApp(dialect, options);
    apps.push(app);
    return app;
  };
  const countOf = async (t: TestApp, table: 'products' | 'prices') =>
    Number((await t.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('in test mode on an empty catalogue: three hosting plans, monthly and yearly, that customers can buy', async () => {
    const t = await start();
    await ensureStarterCatalog(t.services);
    const res = await t.call('listProducts', { category: 'Hosting' }, null);
    const plans = res.result.products as { name: string; popular: boolean; features: string[]; description: string; prices: { unitAmount: number; currency: string; interval: string }[] }[];
    expect(plans.map((p) => p.name)).toEqual(['Business', 'Pro', 'Starter']);
    expect(plans.map((p) => p.popular)).toEqual([true, false, false]);
    for (const plan of plans) {
      expect(plan.description).not.toBe('');
      expect(plan.features.length).toBeGreaterThanOrEqual(3);
      expect(plan.features.length).toBeLessThanOrEqual(5);
      const [monthly, yearly] = plan.prices;
      expect(plan.prices).toHaveLength(2);
      expect([monthly.interval, monthly.currency, yearly.interval, yearly.currency]).toEqual(['month', 'USD', 'year', 'USD']);
      expect(yearly.unitAmount).toBe(monthly.unitAmount * 10);
    }
  });

  it('is created once: a second start, or two processes starting together, add nothing', async () => {
    shared = await sharedTestDatabase(dialect);
    const first = await start({ database: shared });
    const second = await start({ database: shared });
    if (dialect === 'postgres') {
      await Promise.all([ensureStarterCatalog(first.services), ensureStarterCatalog(second.services)]);
    } else {
      // Several processes share a database only in the scaled mode (PostgreSQL). SQLite's driver is
      // synchronous, so two connections in one test process cannot wait for each other's lock:
      // here the second process starts after the first.
      await ensureStarterCatalog(first.services);
      await ensureStarterCatalog(second.services);
    }
    await ensureStarterCatalog(first.services);
    expect([await countOf(first, 'products'), await countOf(first, 'prices')]).toEqual([3, 6]);
  });

  it('is not created when the catalogue has products already (an operator kept or replaced them)', async () => {
    const t = await start();
    await createPlan(t, { name: 'Our Own Plan' });
    await ensureStarterCatalog(t.services);
    expect(await countOf(t, 'products')).toBe(1);
  });

  it('is not created in Stripe mode, where the catalogue is Stripe\'s', async () => {
    const t = await start();
    await ensureStarterCatalog({ ...t.services, payments: { ...t.services.payments, mode: 'stripe' } });
    expect(await countOf(t, 'products')).toBe(0);
  });
});
