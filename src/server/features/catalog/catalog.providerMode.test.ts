import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlan } from '../../../../test/support/billing/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import type { ProviderPrice, ProviderProduct } from '../../integrations/payments/events.ts';
import type { PaymentProvider, PriceInput, ProductInput } from '../../integrations/payments/provider.ts';
import { auditEntries, platformEvents, signUpOperator } from '../../../../test/support/catalog.ts';
import { productEvent, providerPrice, providerProduct } from './providerEventBuilders.ts';

/**
 * A provider in Stripe mode, held in memory, speaking only the PaymentProvider interface: what
 * the catalogue's service relies on. (The real adapter is tested against a fake of Stripe's HTTP API.)
 */
function providerDouble(base: PaymentProvider) {
  const state = {
    products: [] as ProviderProduct[], prices: [] as ProviderPrice[],
    savedProducts: [] as ProductInput[], savedPrices: [] as PriceInput[], clock: 1_900_000_000, next: 0,
  };
  const provider: PaymentProvider = {
    ...base,
    mode: 'stripe',
    async listCatalog() { return { products: state.products, prices: state.prices }; },
    async saveProduct(input) {
      state.savedProducts.push(input);
      state.next += 1;
      return { providerProductId: input.providerProductId ?? `prod_Ssaved${state.next}`, updated: state.clock };
    },
    async savePrice(input) {
      state.savedPrices.push(input);
      state.next += 1;
      return { providerPriceId: input.providerPriceId ?? `price_Ssaved${state.next}`, updated: state.clock };
    },
  };
  return { provider, state };
}

describeEachDialect('catalogue in Stripe mode, through the provider interface', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let double: ReturnType<typeof providerDouble>;
  let testMode: PaymentProvider;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    testMode = t.services.payments;
  });
  beforeEach(() => {
    double = providerDouble(testMode);
    t.services.payments = double.provider;
  });
  afterAll(async () => {
    t.services.payments = testMode;
    await t.stop();
  });

  const productRow = (providerId: string) =>
    t.services.db.selectFrom('products').selectAll().where('provider_product_id', '=', providerId).executeTakeFirst();
  const priceRow = (providerId: string) =>
    t.services.db.selectFrom('prices').selectAll().where('provider_price_id', '=', providerId).executeTakeFirst();

  describe('syncPaymentCatalog', () => {
    it('brings every product and price in line with the provider and deactivates what it no longer lists', async () => {
      // Known here under Stripe's id, with a stale name; a local product and price Stripe does not have.
      const known = providerProduct({ name: 'Renamed at Stripe', metadata: { Category: 'Hosting', popular: 'true' }, updated: 1_900_000_100 });
      await t.services.db.insertInto('products').values({ id: 'prod_localknown', provider_product_id: known.id, name: 'Old name', provider_updated: 1_800_000_000 }).execute();
      const orphan = await createPlan(t, { name: 'Only here' });
      const added = providerProduct({ name: 'Added at Stripe', active: false, metadata: {} });
      double.state.products = [known, added];
      double.state.prices = [
        providerPrice(known.id, { unit_amount: 1500 }),
        providerPrice(known.id, { unit_amount: 15000, recurring: { interval: 'year', interval_count: 1 } }),
        providerPrice(added.id, { unit_amount: 100, type: 'one_time', recurring: null, currency: 'eur' }),
      ];

      const res = await t.call('syncPaymentCatalog', {}, operator);
      expect(res.status).toBe(200);
      expect(res.result).toEqual({ mode: 'stripe', products: 2, prices: 3, message: 'Synchronised 2 products and 3 prices from Stripe.' });

      expect(await productRow(known.id)).toMatchObject({ id: 'prod_localknown', name: 'Renamed at Stripe', category: 'Hosting' });
      expect(Number((await productRow(known.id))!.provider_updated)).toBe(1_900_000_100);
      const addedRow = await productRow(added.id);
      expect(addedRow).toMatchObject({ name: 'Added at Stripe', category: null });
      expect(Boolean(addedRow!.active)).toBe(false);
      expect(await priceRow(double.state.prices[2].id)).toMatchObject({ product_id: addedRow!.id, currency: 'EUR', interval: null, unit_amount: 100 });
      const orphanRow = await t.services.db.selectFrom('products').selectAll().where('id', '=', orphan.productId).executeTakeFirstOrThrow();
      expect(Boolean(orphanRow.active)).toBe(false);
      expect(Boolean((await priceRow(orphan.priceIds[0]))!.active)).toBe(false);

      const listed = (await t.call('listProducts', { category: 'Hosting' }, null)).result.products;
      expect(listed).toEqual([expect.objectContaining({ id: 'prod_localknown', popular: true, prices: [
        expect.objectContaining({ unitAmount: 1500, interval: 'month' }), expect.objectContaining({ unitAmount: 15000, interval: 'year' }),
      ] })]);
      const [entry] = await auditEntries(t, 'catalog.synced');
      expect(entry).toMatchObject({ actorUserId: operator.id, after: { mode: 'stripe', products: 2, prices: 3, deactivated: { products: 1, prices: 1 } } });
      expect(await platformEvents(t, 'admin.catalog.synced')).toEqual([
        expect.objectContaining({ payload: { mode: 'stripe', products: 2, prices: 3, deactivated: { products: 1, prices: 1 } } }),
      ]);

      // A second sync of the same catalogue changes nothing and creates no duplicate.
      const again = await t.call('syncPaymentCatalog', {}, operator);
      expect(again.result.products).toBe(2);
      const count = await t.services.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('provider_product_id', 'in', [known.id, added.id]).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
    });

    it('keeps the provider\'s later clock, so an older event delivered after the sync changes nothing', async () => {
      const product = providerProduct({ name: 'Current', updated: 1_900_000_500 });
      double.state.products = [product];
      await t.call('syncPaymentCatalog', {}, operator);
      await t.services.receivePaymentEvent(productEvent('product.updated', { ...product, name: 'Before the sync' }, 1_900_000_400));
      expect(await productRow(product.id)).toMatchObject({ name: 'Current' });
    });
  });

  describe('operators\' saves', () => {
    it('a new product is written to the provider first and kept under the provider\'s id; its webhook adds no second row', async () => {
      const res = await t.call('adminSaveProduct', { name: 'Made in the portal', category: 'Stripe Saves', features: ['A'] }, operator);
      expect(res.status).toBe(200);
      const [sent] = double.state.savedProducts;
      expect(sent).toMatchObject({ providerProductId: null, localId: res.result.product.id, name: 'Made in the portal', category: 'Stripe Saves', features: ['A'], active: true });
      expect(res.result.product.providerProductId).toBe('prod_Ssaved1');
      await t.services.receivePaymentEvent(productEvent('product.created', providerProduct({
        id: 'prod_Ssaved1', name: 'Made in the portal', metadata: { Category: 'Stripe Saves' }, marketing_features: [{ name: 'A' }],
      }), double.state.clock));
      const rows = await t.services.db.selectFrom('products').select('id').where('provider_product_id', '=', 'prod_Ssaved1').execute();
      expect(rows).toEqual([{ id: res.result.product.id }]);
    });

    it('a price is created at the provider under the product\'s provider id; a deactivation names the price\'s provider id', async () => {
      const { productId } = await createPlan(t, { prices: [] });
      await t.services.db.updateTable('products').set({ provider_product_id: 'prod_Sexisting' }).where('id', '=', productId).execute();
      const created = await t.call('adminSavePrice', { productId, unitAmount: 2500, currency: 'usd', interval: 'month' }, operator);
      expect(created.status).toBe(200);
      expect(double.state.savedPrices[0]).toMatchObject({ providerPriceId: null, providerProductId: 'prod_Sexisting', unitAmount: 2500, currency: 'USD', interval: 'month', active: true });
      expect(created.result.price.providerPriceId).toMatch(/^price_Ssaved/);
      const off = await t.call('adminSavePrice', { id: created.result.price.id, productId, unitAmount: 2500, currency: 'USD', interval: 'month', active: false }, operator);
      expect(off.result.price.active).toBe(false);
      expect(double.state.savedPrices[1]).toMatchObject({ providerPriceId: created.result.price.providerPriceId, active: false });
    });

    it('when the provider refuses, nothing is written here', async () => {
      double.provider.saveProduct = async () => { throw new Error('provider unavailable'); };
      const before = await t.services.db.selectFrom('products').select('id').execute();
      const res = await t.call('adminSaveProduct', { name: 'Never stored' }, operator);
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.error)).not.toContain('provider unavailable');
      expect(await t.services.db.selectFrom('products').select('id').execute()).toEqual(before);
    });
  });
});
