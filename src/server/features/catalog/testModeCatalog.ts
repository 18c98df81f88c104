import type { ProviderPrice, ProviderProduct } from '../../integrations/payments/events.ts';
import type { TestModeCatalog } from '../../integrations/payments/createPaymentProvider.ts';
import { findPriceLine, listPricesWithProductProviderId, listProductRows } from './repository.ts';

/**
 * In test mode the portal's own tables are the provider's catalogue (integrations/payments/testMode):
 * our rows in Stripe's shapes, the provider's ids being ours where a row has none.
 */
export const testModeCatalog: TestModeCatalog = {
  async list(db) {
    const [products, prices] = await Promise.all([listProductRows(db), listPricesWithProductProviderId(db)]);
    return {
      products: products.map((p): ProviderProduct => ({
        id: p.provider_product_id ?? p.id, object: 'product', name: p.name, description: p.description || null, active: p.active,
        metadata: { ...(p.category ? { Category: p.category } : {}), popular: p.popular ? 'true' : 'false' },
        marketing_features: (JSON.parse(p.features) as string[]).map((name) => ({ name })),
        created: Math.floor(new Date(p.created_at).getTime() / 1000), updated: Number(p.provider_updated ?? 0),
      })),
      prices: prices.map((p): ProviderPrice => ({
        id: p.provider_price_id ?? p.id, object: 'price', product: p.product_provider_id ?? p.product_id, active: p.active,
        currency: p.currency.toLowerCase(), unit_amount: p.unit_amount, type: p.interval ? 'recurring' : 'one_time',
        recurring: p.interval ? { interval: p.interval, interval_count: 1 } : null,
        created: Math.floor(new Date(p.created_at).getTime() / 1000), metadata: {},
      })),
    };
  },

  async findPrice(db, providerPriceId) {
    const price = await findPriceLine(db, providerPriceId);
    return price && {
      productName: price.name, unitAmount: price.unit_amount, currency: price.currency, interval: price.interval,
      active: price.active, providerProductId: price.provider_product_id ?? price.product_id,
    };
  },
};
