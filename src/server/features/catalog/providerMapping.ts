import type { PriceInterval } from '../../../common/billing/billing.ts';
import type { ProviderPrice, ProviderProduct } from '../../integrations/payments/events.ts';
import type { PriceTerms, ProductFields } from './repository.ts';

/**
 * A provider's product as the portal keeps it: the spec's metadata (Category; popular equal to
 * the text 'true') and marketing_features' names.
 */
export function productFieldsOf(product: ProviderProduct): ProductFields {
  const category = product.metadata?.Category?.trim();
  return {
    name: product.name,
    description: product.description ?? '',
    category: category ? category : null,
    popular: product.metadata?.popular === 'true',
    features: (product.marketing_features ?? []).map((f) => f.name?.trim() ?? '').filter((name) => name !== ''),
    active: product.active,
  };
}

/**
 * A provider's price as the portal keeps it. The portal sells monthly, yearly and one-off
 * prices of a fixed amount; any other price (every 3 months, daily, weekly, tiered) is kept so
 * operators see it, but never active (docs/decisions.md).
 */
export function priceOf(price: ProviderPrice): PriceTerms & { active: boolean } {
  const interval = sellableInterval(price);
  const sellable = interval !== undefined && price.unit_amount !== null;
  return {
    unitAmount: price.unit_amount ?? 0,
    currency: price.currency.toUpperCase(),
    interval: interval ?? null,
    active: price.active && sellable,
  };
}

/** month, year, null for one-off; undefined when the portal cannot sell the price's rhythm. */
function sellableInterval(price: ProviderPrice): PriceInterval | null | undefined {
  if (!price.recurring) return null;
  const { interval, interval_count: count } = price.recurring;
  if (count !== 1) return undefined;
  return interval === 'month' || interval === 'year' ? interval : undefined;
}
