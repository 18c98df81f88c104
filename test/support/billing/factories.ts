import { randomBytes } from 'node:crypto';
import type { PriceInterval } from '../../../src/common/billing/billing.ts';
import type { TestApp } from '../testApp.ts';

export interface PlanOptions {
  name?: string;
  category?: string | null;
  popular?: boolean;
  features?: string[];
  active?: boolean;
  prices?: { unitAmount: number; interval: PriceInterval | null; currency?: string; active?: boolean }[];
}

/**
 * A product and its prices written straight to the catalogue tables, as test mode keeps them
 * (the provider's ids are ours). Answers the ids, prices in the order given. Booleans go in as
 * 1 and 0: SQLite binds no booleans, and PostgreSQL reads '1' and '0' as booleans.
 */
export async function createPlan(t: TestApp, options: PlanOptions = {}): Promise<{ productId: string; priceIds: string[] }> {
  const productId = `prod_${randomBytes(8).toString('hex')}`;
  await t.services.db.insertInto('products').values({
    id: productId, provider_product_id: productId, name: options.name ?? `Plan ${productId.slice(-4)}`, description: 'A plan for tests.',
    category: options.category === undefined ? 'Hosting' : options.category, popular: options.popular ?? false,
    features: JSON.stringify(options.features ?? ['1 website']), active: options.active ?? true,
  }).execute();
  const priceIds: string[] = [];
  for (const price of options.prices ?? [{ unitAmount: 999, interval: 'month' }]) {
    const priceId = `price_${randomBytes(8).toString('hex')}`;
    await t.services.db.insertInto('prices').values({
      id: priceId, product_id: productId, provider_price_id: priceId, unit_amount: price.unitAmount,
      currency: price.currency ?? 'USD', interval: price.interval, active: price.active ?? true,
    }).execute();
    priceIds.push(priceId);
  }
  return { productId, priceIds };
}
