import { randomBytes } from 'node:crypto';
import type { PaymentEvent, ProviderPrice, ProviderProduct } from '../../integrations/payments/events.ts';

// For tests: Stripe-shaped products, prices and their events (API 2026-10-28), as Stripe's
// webhooks deliver them, to feed Services.receivePaymentEvent.

const suffix = () => randomBytes(6).toString('hex');

export function providerProduct(overrides: Partial<ProviderProduct> = {}): ProviderProduct {
  return {
    id: `prod_S${suffix()}`, object: 'product', name: 'Cloud VPS', description: 'A virtual server.', active: true,
    metadata: { Category: 'Servers', popular: 'false' }, marketing_features: [{ name: '2 vCPU' }, { name: '4 GB RAM' }],
    created: 1_800_000_000, updated: 1_800_000_000, ...overrides,
  };
}

export function providerPrice(product: string, overrides: Partial<ProviderPrice> = {}): ProviderPrice {
  return {
    id: `price_S${suffix()}`, object: 'price', product, active: true, currency: 'usd', unit_amount: 1500,
    type: 'recurring', recurring: { interval: 'month', interval_count: 1 }, created: 1_800_000_000, metadata: {}, ...overrides,
  };
}

type ProductEventType = 'product.created' | 'product.updated' | 'product.deleted';
type PriceEventType = 'price.created' | 'price.updated' | 'price.deleted';

/** An event about the object, made at `created` (Unix seconds); a fresh event id unless one is given. */
export function productEvent(type: ProductEventType, object: ProviderProduct, created: number, id = `evt_${suffix()}`): PaymentEvent {
  return { id, object: 'event', type, created, data: { object } };
}

export function priceEvent(type: PriceEventType, object: ProviderPrice, created: number, id = `evt_${suffix()}`): PaymentEvent {
  return { id, object: 'event', type, created, data: { object } };
}
