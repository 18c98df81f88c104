import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import type { PaymentEvent } from '../../integrations/payments/events.ts';
import { priceEvent, productEvent, providerPrice, providerProduct } from './providerEventBuilders.ts';

describeEachDialect('catalogue follows the provider\'s product and price events', (dialect) => {
  let t: TestApp;
  // Provider clocks (Unix seconds) from a fixed point, so "older" and "newer" are plain numbers.
  const T = 1_800_000_000;

  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const receive = (event: PaymentEvent) => t.services.receivePaymentEvent(event);
  const productRow = (providerId: string) =>
    t.services.db.selectFrom('products').selectAll().where('provider_product_id', '=', providerId).executeTakeFirst();
  const priceRow = (providerId: string) =>
    t.services.db.selectFrom('prices').selectAll().where('provider_price_id', '=', providerId).executeTakeFirst();
  const listed = async (category: string) => (await t.call('listProducts', { category }, null)).result.products;

  describe('products', () => {
    it('a new product is created with the spec\'s metadata, features and description, and sells once it has a price', async () => {
      const product = providerProduct({
        name: 'Cloud VPS S', description: null, metadata: { Category: ' Servers ', popular: 'true' },
        marketing_features: [{ name: '2 vCPU' }, {}, { name: ' 4 GB RAM ' }],
      });
      expect(await receive(productEvent('product.created', product, T))).toEqual({ applied: true });
      const row = await productRow(product.id);
      expect(row).toMatchObject({ name: 'Cloud VPS S', description: '', category: 'Servers' });
      expect(row!.id).toMatch(/^prod_[0-9a-f]{16}$/);
      expect(await listed('Servers')).toEqual([]);

      const price = providerPrice(product.id, { unit_amount: 2400, currency: 'usd' });
      await receive(priceEvent('price.created', price, T + 1));
      const [shown] = await listed('Servers');
      expect(shown).toMatchObject({
        id: row!.id, name: 'Cloud VPS S', description: '', category: 'Servers', popular: true, features: ['2 vCPU', '4 GB RAM'],
        prices: [{ id: (await priceRow(price.id))!.id, unitAmount: 2400, currency: 'USD', interval: 'month' }],
      });
    });

    it('a product without Category or popular metadata is uncategorised and not popular', async () => {
      const product = providerProduct({ metadata: {}, marketing_features: [] });
      await receive(productEvent('product.created', product, T));
      expect(await productRow(product.id)).toMatchObject({ category: null, features: '[]' });
      expect(Boolean((await productRow(product.id))!.popular)).toBe(false);
    });

    it('an update newer than the row is applied; an older one delivered late changes nothing', async () => {
      const product = providerProduct({ name: 'Original' });
      await receive(productEvent('product.created', product, T));
      await receive(productEvent('product.updated', { ...product, name: 'Newest', updated: T + 20 }, T + 20));
      const late = await receive(productEvent('product.updated', { ...product, name: 'Stale', active: false, updated: T + 10 }, T + 10));
      expect(late).toEqual({ applied: true });
      const row = await productRow(product.id);
      expect(row).toMatchObject({ name: 'Newest' });
      expect(Boolean(row!.active)).toBe(true);
      expect(Number(row!.provider_updated)).toBe(T + 20);
    });

    it('a replayed event (same id) changes nothing, even where its clock alone would let it through', async () => {
      const product = providerProduct({ name: 'First' });
      const first = productEvent('product.created', product, T);
      await receive(first);
      // Another change within the same second: the clocks are equal, so only the event id tells a replay.
      await receive(productEvent('product.updated', { ...product, name: 'Second' }, T));
      expect(await receive(first)).toEqual({ applied: false });
      expect(await productRow(product.id)).toMatchObject({ name: 'Second' });
      const [{ n }] = await t.services.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('provider_product_id', '=', product.id).execute();
      expect(Number(n)).toBe(1);
    });

    it('a deleted product is kept inactive and leaves the catalogue; an older update cannot revive it', async () => {
      const product = providerProduct({ metadata: { Category: 'Deleted Soon' } });
      await receive(productEvent('product.created', product, T));
      await receive(priceEvent('price.created', providerPrice(product.id), T));
      expect(await listed('Deleted Soon')).toHaveLength(1);
      await receive(productEvent('product.deleted', { ...product, active: true }, T + 5));
      expect(await listed('Deleted Soon')).toEqual([]);
      await receive(productEvent('product.updated', { ...product, active: true }, T + 3));
      const row = await productRow(product.id);
      expect(row).toBeDefined();
      expect(Boolean(row!.active)).toBe(false);
    });

    it('a deletion that overtakes the creation leaves an inactive row that the creation does not revive', async () => {
      const product = providerProduct();
      await receive(productEvent('product.deleted', product, T + 2));
      await receive(productEvent('product.created', product, T + 1));
      expect(Boolean((await productRow(product.id))!.active)).toBe(false);
    });
  });

  describe('prices', () => {
    let productId: string;
    let providerProductId: string;
    beforeAll(async () => {
      const product = providerProduct({ name: 'Priced', metadata: { Category: 'Prices Test' } });
      providerProductId = product.id;
      await receive(productEvent('product.created', product, T));
      productId = (await productRow(product.id))!.id;
    });

    it('maps amounts, upper-cases currencies, and reads month, year and one-off', async () => {
      const monthly = providerPrice(providerProductId, { unit_amount: 1000, currency: 'eur' });
      const yearly = providerPrice(providerProductId, { unit_amount: 10000, recurring: { interval: 'year', interval_count: 1 } });
      const oneOff = providerPrice(providerProductId, { unit_amount: 5000, type: 'one_time', recurring: null });
      for (const p of [monthly, yearly, oneOff]) await receive(priceEvent('price.created', p, T));
      expect(await priceRow(monthly.id)).toMatchObject({ product_id: productId, unit_amount: 1000, currency: 'EUR', interval: 'month' });
      expect(await priceRow(yearly.id)).toMatchObject({ unit_amount: 10000, currency: 'USD', interval: 'year' });
      expect(await priceRow(oneOff.id)).toMatchObject({ unit_amount: 5000, interval: null });
      const [shown] = await listed('Prices Test');
      expect(shown.prices.map((p: { unitAmount: number }) => p.unitAmount)).toEqual([1000, 10000, 5000]);
    });

    it('keeps prices the portal cannot sell (daily, weekly, every 3 months, no fixed amount) inactive', async () => {
      const unsellable = [
        providerPrice(providerProductId, { recurring: { interval: 'week', interval_count: 1 } }),
        providerPrice(providerProductId, { recurring: { interval: 'day', interval_count: 1 } }),
        providerPrice(providerProductId, { recurring: { interval: 'month', interval_count: 3 } }),
        providerPrice(providerProductId, { unit_amount: null }),
      ];
      for (const p of unsellable) {
        await receive(priceEvent('price.created', p, T));
        const row = await priceRow(p.id);
        expect(row, p.id).toBeDefined();
        expect(Boolean(row!.active), JSON.stringify(p.recurring)).toBe(false);
      }
    });

    it('a newer update deactivates a price; an older one delivered late changes nothing; deleted is inactive', async () => {
      const price = providerPrice(providerProductId, { unit_amount: 777 });
      await receive(priceEvent('price.created', price, T));
      await receive(priceEvent('price.updated', { ...price, active: false }, T + 10));
      await receive(priceEvent('price.updated', { ...price, active: true }, T + 5));
      expect(Boolean((await priceRow(price.id))!.active)).toBe(false);
      await receive(priceEvent('price.updated', { ...price, active: true }, T + 15));
      expect(Boolean((await priceRow(price.id))!.active)).toBe(true);
      await receive(priceEvent('price.deleted', { ...price, active: true }, T + 20));
      expect(Boolean((await priceRow(price.id))!.active)).toBe(false);
    });

    it('a replayed price event changes nothing', async () => {
      const price = providerPrice(providerProductId, { unit_amount: 888 });
      const created = priceEvent('price.created', price, T);
      await receive(created);
      await receive(priceEvent('price.updated', { ...price, active: false }, T));
      expect(await receive(created)).toEqual({ applied: false });
      expect(Boolean((await priceRow(price.id))!.active)).toBe(false);
    });

    it('a price of a product the portal does not know is skipped (the event is still taken once)', async () => {
      const price = providerPrice('prod_Sunknown');
      const event = priceEvent('price.created', price, T);
      expect(await receive(event)).toEqual({ applied: true });
      expect(await priceRow(price.id)).toBeUndefined();
      expect(await receive(event)).toEqual({ applied: false });
    });
  });
});
