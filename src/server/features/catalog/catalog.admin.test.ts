import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_TERMS_FIXED, PRODUCT_NOT_AT_PROVIDER } from '../../../common/catalog/contract.ts';
import { nowIso } from '../../db/connection.ts';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, type FunctionCall, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import { auditEntries, catalogState, platformEvents, signUpOperator } from '../../../../test/support/catalog.ts';

describeEachDialect('catalogue back office (test mode)', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let customers: AccountWithMembers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    customers = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  const newProduct = (over: Record<string, unknown> = {}) => ({
    name: '  Managed WordPress  ', description: ' Updates and backups done for you. ', category: 'Hosting', popular: true,
    features: [' 1 site ', 'Daily backups'], active: true, ...over,
  });
  const listed = async (category?: string) =>
    (await t.call('listProducts', category ? { category } : {}, null)).result.products as { id: string; name: string; prices: { id: string }[] }[];

  describe('adminSaveProduct', () => {
    it('creates a product, trimmed, with our id as the provider id (test mode), audited and reported', async () => {
      const res = await t.call('adminSaveProduct', newProduct(), operator);
      expect(res.status).toBe(200);
      const product = res.result.product;
      expect(product.id).toMatch(/^prod_[0-9a-f]{16}$/);
      expect(product).toMatchObject({
        name: 'Managed WordPress', description: 'Updates and backups done for you.', category: 'Hosting', popular: true,
        features: ['1 site', 'Daily backups'], active: true, providerProductId: product.id, prices: [],
      });
      const [entry] = await auditEntries(t, 'catalog.product_saved', product.id);
      expect(entry).toMatchObject({ actorUserId: operator.id, actorEmail: operator.email, targetType: 'product', before: null });
      expect(entry.after).toMatchObject({ name: 'Managed WordPress', category: 'Hosting', active: true });
      const [event] = await platformEvents(t, 'admin.product.saved');
      expect(event).toEqual({ actorUserId: operator.id, accountId: null, payload: { productId: product.id, created: true, name: 'Managed WordPress', active: true } });
    });

    it('stores a blank category as none, so the product shows under Other Services', async () => {
      const res = await t.call('adminSaveProduct', newProduct({ name: 'Site Migration', category: '   ' }), operator);
      expect(res.result.product.category).toBeNull();
    });

    it('edits a product by id: the new values, the old ones in the audit entry', async () => {
      const { productId } = await createPlan(t, { name: 'Old Name', category: 'Hosting' });
      const res = await t.call('adminSaveProduct', newProduct({ id: productId, name: 'New Name', category: 'Servers', popular: false, features: [] }), operator);
      expect(res.status).toBe(200);
      expect(res.result.product).toMatchObject({ id: productId, name: 'New Name', category: 'Servers', popular: false, features: [] });
      expect(res.result.product.prices).toHaveLength(1);
      const entries = await auditEntries(t, 'catalog.product_saved', productId);
      expect(entries).toHaveLength(1);
      expect(entries[0].before).toMatchObject({ name: 'Old Name', category: 'Hosting' });
      expect(entries[0].after).toMatchObject({ name: 'New Name', category: 'Servers' });
      expect((await listed('Servers')).map((p) => p.name)).toEqual(['New Name']);
    });

    it('a deactivated product leaves the public catalogue, and comes back when activated', async () => {
      const { productId } = await createPlan(t, { name: 'Seasonal Plan', category: 'Seasonal' });
      expect((await listed('Seasonal')).map((p) => p.id)).toEqual([productId]);
      await t.call('adminSaveProduct', newProduct({ id: productId, name: 'Seasonal Plan', category: 'Seasonal', active: false }), operator);
      expect(await listed('Seasonal')).toEqual([]);
      await t.call('adminSaveProduct', newProduct({ id: productId, name: 'Seasonal Plan', category: 'Seasonal', active: true }), operator);
      expect((await listed('Seasonal')).map((p) => p.id)).toEqual([productId]);
    });

    it('an unknown product id is NOT_FOUND and writes nothing', async () => {
      const before = await catalogState(t);
      const res = await t.call('adminSaveProduct', newProduct({ id: 'prod_doesnotexist' }), operator);
      expect(res.status).toBe(404);
      expect(res.error).toEqual({ status: 'NOT_FOUND', message: 'Product not found.' });
      expect(await catalogState(t)).toEqual(before);
    });
  });

  describe('adminSavePrice', () => {
    it('adds a price to a product, currency upper-cased, audited and reported; customers see it', async () => {
      const { productId } = await createPlan(t, { name: 'Priced Later', category: 'Later', prices: [] });
      expect(await listed('Later')).toEqual([]);
      const res = await t.call('adminSavePrice', { productId, unitAmount: 1999, currency: 'eur', interval: 'year' }, operator);
      expect(res.status).toBe(200);
      const price = res.result.price;
      expect(price.id).toMatch(/^price_[0-9a-f]{16}$/);
      expect(price).toMatchObject({ productId, unitAmount: 1999, currency: 'EUR', interval: 'year', active: true, providerPriceId: price.id, subscriptionCount: 0 });
      expect((await listed('Later'))[0].prices.map((p) => p.id)).toEqual([price.id]);
      const [entry] = await auditEntries(t, 'catalog.price_saved', price.id);
      expect(entry).toMatchObject({ actorUserId: operator.id, targetType: 'price', before: null, after: { productId, unitAmount: 1999, currency: 'EUR', interval: 'year', active: true } });
      const events = await platformEvents(t, 'admin.price.saved');
      expect(events.at(-1)).toEqual({ actorUserId: operator.id, accountId: null, payload: { priceId: price.id, productId, created: true, active: true } });
    });

    it('adds a one-off price (interval null)', async () => {
      const { productId } = await createPlan(t, { prices: [] });
      const res = await t.call('adminSavePrice', { productId, unitAmount: 0, currency: 'USD', interval: null, active: true }, operator);
      expect(res.status).toBe(200);
      expect(res.result.price).toMatchObject({ unitAmount: 0, interval: null });
    });

    it('deactivates and reactivates a price with the same terms', async () => {
      const { productId, priceIds: [cheap, dear] } = await createPlan(t, {
        category: 'Toggled', prices: [{ unitAmount: 500, interval: 'month' }, { unitAmount: 900, interval: 'month' }],
      });
      const off = await t.call('adminSavePrice', { id: cheap, productId, unitAmount: 500, currency: 'usd', interval: 'month', active: false }, operator);
      expect(off.status).toBe(200);
      expect(off.result.price).toMatchObject({ id: cheap, active: false });
      expect((await listed('Toggled'))[0].prices.map((p) => p.id)).toEqual([dear]);
      const [entry] = await auditEntries(t, 'catalog.price_saved', cheap);
      expect(entry.before).toEqual({ active: true });
      const on = await t.call('adminSavePrice', { id: cheap, productId, unitAmount: 500, currency: 'USD', interval: 'month', active: true }, operator);
      expect(on.result.price.active).toBe(true);
      expect((await listed('Toggled'))[0].prices.map((p) => p.id)).toEqual([cheap, dear]);
    });

    it('refuses to change the amount, currency or interval of a price, and writes nothing', async () => {
      const { productId, priceIds: [priceId] } = await createPlan(t, { prices: [{ unitAmount: 1000, interval: 'month' }] });
      const before = await catalogState(t);
      for (const change of [{ unitAmount: 1100 }, { currency: 'EUR' }, { interval: 'year' }, { interval: null }] as const) {
        const res = await t.call('adminSavePrice', { id: priceId, productId, unitAmount: 1000, currency: 'USD', interval: 'month', active: true, ...change }, operator);
        expect(res.status).toBe(400);
        expect(res.error).toEqual({ status: 'FAILED_PRECONDITION', message: PRICE_TERMS_FIXED });
      }
      expect(await catalogState(t)).toEqual(before);
    });

    it('an unknown product, an unknown price, or a price of another product is NOT_FOUND, and nothing is written', async () => {
      const mine = await createPlan(t);
      const other = await createPlan(t);
      const before = await catalogState(t);
      const price = { unitAmount: 999, currency: 'USD', interval: 'month', active: false } as const;
      const unknownProduct = await t.call('adminSavePrice', { ...price, productId: 'prod_doesnotexist' }, operator);
      expect(unknownProduct.error).toEqual({ status: 'NOT_FOUND', message: 'Product not found.' });
      const unknownPrice = await t.call('adminSavePrice', { ...price, id: 'price_doesnotexist', productId: mine.productId }, operator);
      expect(unknownPrice.error).toEqual({ status: 'NOT_FOUND', message: 'Price not found.' });
      const otherProducts = await t.call('adminSavePrice', { ...price, id: other.priceIds[0], productId: mine.productId }, operator);
      expect(otherProducts.status).toBe(404);
      expect(otherProducts.error).toEqual({ status: 'NOT_FOUND', message: 'Price not found.' });
      expect(await catalogState(t)).toEqual(before);
    });
  });

  it('adminSavePrice: a product the provider does not know yet gets its prices only once saved', async () => {
    const { productId } = await createPlan(t, { prices: [] });
    await t.services.db.updateTable('products').set({ provider_product_id: null }).where('id', '=', productId).execute();
    const price = { productId, unitAmount: 999, currency: 'USD', interval: 'month' } as const;
    const refused = await t.call('adminSavePrice', price, operator);
    expect(refused.error).toEqual({ status: 'FAILED_PRECONDITION', message: PRODUCT_NOT_AT_PROVIDER });
    const saved = await t.call('adminSaveProduct', newProduct({ id: productId }), operator);
    expect(saved.result.product.providerProductId).toBe(productId);
    expect((await t.call('adminSavePrice', price, operator)).status).toBe(200);
  });

  describe('adminListProducts', () => {
    it('lists everything, active or not, with provider ids, the mode and each price\'s subscriptions', async () => {
      const { productId, priceIds: [used, unused] } = await createPlan(t, {
        name: 'Listed Retired', active: false, prices: [{ unitAmount: 800, interval: 'month' }, { unitAmount: 8000, interval: 'year', active: false }],
      });
      for (const n of [1, 2]) {
        await t.services.db.insertInto('subscriptions').values({
          id: `sub_local_${productId}_${n}`, account_id: customers.accountId, provider_subscription_id: `sub_${productId}_${n}`,
          provider_customer_id: 'cus_test', price_id: used, product_name: 'Listed Retired', unit_amount: 800, currency: 'USD',
          interval: 'month', status: n === 1 ? 'active' : 'canceled', provider_updated: 1_800_000_000, current_period_end: nowIso(),
        }).execute();
      }
      const res = await t.call('adminListProducts', {}, operator);
      expect(res.status).toBe(200);
      expect(res.result.mode).toBe('test');
      const product = res.result.products.find((p: { id: string }) => p.id === productId)!;
      expect(product).toMatchObject({ name: 'Listed Retired', active: false, providerProductId: productId });
      expect(product.prices).toEqual([
        expect.objectContaining({ id: used, active: true, subscriptionCount: 2, providerPriceId: used }),
        expect.objectContaining({ id: unused, active: false, subscriptionCount: 0 }),
      ]);
    });
  });

  describe('syncPaymentCatalog in test mode', () => {
    it('changes nothing in the catalogue, answers its size and says why, audited and reported', async () => {
      const before = await catalogState(t);
      const res = await t.call('syncPaymentCatalog', {}, operator);
      expect(res.status).toBe(200);
      expect(res.result).toEqual({
        mode: 'test', products: before.products.length, prices: before.prices.length,
        message: 'Test mode: the catalogue is kept in the portal; there is nothing to synchronise.',
      });
      const after = await catalogState(t);
      expect({ products: after.products, prices: after.prices }).toEqual({ products: before.products, prices: before.prices });
      expect(await auditEntries(t, 'catalog.synced')).toEqual([expect.objectContaining({ actorUserId: operator.id, targetType: 'catalog', targetId: null })]);
      expect(await platformEvents(t, 'admin.catalog.synced')).toEqual([
        { actorUserId: operator.id, accountId: null, payload: { mode: 'test', products: before.products.length, prices: before.prices.length, deactivated: null } },
      ]);
    });
  });

  describe('callers other than operators', () => {
    it('are refused every back-office function, and a refused call changes nothing', async () => {
      const { productId, priceIds: [priceId] } = await createPlan(t, { prices: [{ unitAmount: 999, interval: 'month' }] });
      const before = await catalogState(t);
      const calls: FunctionCall[] = [
        ['adminListProducts', {}],
        ['adminSaveProduct', newProduct({ id: productId, name: 'Hijacked', active: false })],
        ['adminSaveProduct', newProduct({ name: 'Smuggled' })],
        ['adminSavePrice', { id: priceId, productId, unitAmount: 999, currency: 'USD', interval: 'month', active: false }],
        ['adminSavePrice', { productId, unitAmount: 1, currency: 'USD', interval: 'month' }],
        ['syncPaymentCatalog', {}],
      ];
      for (const [name, input] of calls) {
        for (const caller of [customers.owner, customers.admin, customers.member]) {
          const res = await t.call(name, input, caller);
          expect(res.status, `${name} as a customer`).toBe(403);
          expect(res.error?.status).toBe('PERMISSION_DENIED');
        }
        const signedOut = await t.call(name, input, null);
        expect(signedOut.status, `${name} signed out`).toBe(401);
      }
      expect(await catalogState(t)).toEqual(before);
    });
  });
});
