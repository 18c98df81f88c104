import type { Selectable } from 'kysely';
import { comparePrices, compareProducts } from '../../../common/billing/billing.ts';
import {
  type AdminPrice, type AdminProduct, type CatalogPrice, type CatalogProduct,
  PRICE_NOT_FOUND, PRICE_TERMS_FIXED, PRODUCT_NOT_AT_PROVIDER, PRODUCT_NOT_FOUND,
} from '../../../common/catalog/contract.ts';
import { record } from '../../audit/record.ts';
import type { PricesTable } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { BackOfficeCallContext } from '../../rpc/context.ts';
import { failedPrecondition, notFound } from '../../rpc/errors.ts';
import { countSubscriptionsByPrice } from '../billing/index.ts';
import { orderFieldsOfProducts } from '../hosting/index.ts';
import { newPriceId, newProductId } from './catalogIds.ts';
import {
  findPrice, findProduct, listActivePrices, listActiveProducts, listPriceRows, listProductRows,
  type PriceTerms, type ProductFields, type ProductRow, setPriceActive, updateProduct, upsertPriceByProviderId, upsertProductByProviderId,
} from './repository.ts';

/** Written by the portal only; anything else reads as no features rather than failing the page. */
function featuresOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

const catalogPriceOf = (row: { id: string; unit_amount: number; currency: string; interval: CatalogPrice['interval'] }): CatalogPrice => ({
  id: row.id, unitAmount: row.unit_amount, currency: row.currency.toUpperCase(), interval: row.interval,
});

/**
 * What is for sale, in the spec's order: categories alphabetically ('Other Services' for none),
 * products by name, prices month, year, one-off, each by amount. A product whose prices are all
 * inactive is left out, since it cannot be bought.
 */
export async function publicCatalog(db: Db, category: string | null): Promise<CatalogProduct[]> {
  const [products, prices] = await Promise.all([listActiveProducts(db, category), listActivePrices(db, category)]);
  const pricesOf = groupBy(prices, (p) => p.product_id);
  const orderFields = await orderFieldsOfProducts(db, products.map((p) => p.id));
  return products
    .map((p): CatalogProduct => ({
      id: p.id, name: p.name, description: p.description, category: p.category, popular: p.popular,
      features: featuresOf(p.features), prices: (pricesOf.get(p.id) ?? []).map(catalogPriceOf).sort(comparePrices),
      orderFields: orderFields.get(p.id) ?? [],
    }))
    .filter((p) => p.prices.length > 0)
    .sort(compareProducts);
}

/** Every product and price, active or not, in the public order (operators find a plan where customers see it). */
export async function operatorCatalog(db: Db, productId?: string): Promise<AdminProduct[]> {
  const [products, prices] = await Promise.all([listProductRows(db, productId), pricesWithSubscriptionCounts(db, productId)]);
  const pricesOf = groupBy(prices, (p) => p.product_id);
  return products.map((p) => adminProductOf(p, pricesOf.get(p.id) ?? [])).sort(compareProducts);
}

type PriceRow = Selectable<PricesTable> & { subscription_count: number };

/** Every price (or those of one product), with how many subscriptions point at each: billing counts them. */
async function pricesWithSubscriptionCounts(db: Db, productId?: string): Promise<PriceRow[]> {
  const prices = await listPriceRows(db, productId);
  const counts = await countSubscriptionsByPrice(db, prices.map((p) => p.id));
  return prices.map((p) => ({ ...p, subscription_count: counts.get(p.id) ?? 0 }));
}

function adminProductOf(row: ProductRow, prices: PriceRow[]): AdminProduct {
  return {
    id: row.id, name: row.name, description: row.description, category: row.category, popular: row.popular,
    features: featuresOf(row.features), active: row.active, providerProductId: row.provider_product_id,
    updatedAt: row.updated_at, prices: prices.map(adminPriceOf).sort(comparePrices),
  };
}

function adminPriceOf(row: PriceRow): AdminPrice {
  return {
    ...catalogPriceOf(row), productId: row.product_id, active: row.active, providerPriceId: row.provider_price_id,
    subscriptionCount: row.subscription_count, updatedAt: row.updated_at,
  };
}

type ProductInput = ProductFields & { id?: string };

/**
 * Creates or edits a product. The provider is written first, with no transaction open (in
 * Stripe mode a refusal there leaves nothing here); the row, its audit entry and the platform
 * event then share one short unit of work.
 */
export async function saveProduct(ctx: BackOfficeCallContext, input: ProductInput): Promise<AdminProduct> {
  const { caller, services, requestId } = ctx;
  const existing = input.id === undefined ? undefined : await findProduct(services.db, input.id);
  if (input.id !== undefined && !existing) throw notFound(PRODUCT_NOT_FOUND);
  const fields: ProductFields = {
    name: input.name, description: input.description, category: input.category, popular: input.popular, features: input.features, active: input.active,
  };
  const localId = existing?.id ?? newProductId();
  const saved = await services.payments.saveProduct({ providerProductId: existing?.provider_product_id ?? null, localId, ...fields });
  return ctx.unitOfWork(async ({ tx }) => {
    const now = services.clock.nowIso();
    let id = localId;
    if (existing) {
      await updateProduct(tx.db, existing.id, fields, { productId: saved.providerProductId, updated: saved.updated }, now);
    } else {
      // By provider id: Stripe's product.created webhook may have made the row already.
      id = (await upsertProductByProviderId(tx.db, { ...fields, newId: localId, providerProductId: saved.providerProductId, providerUpdated: saved.updated }, 'always', now))!;
    }
    const [product] = await operatorCatalog(tx.db, id);
    const before = existing ? adminProductOf(existing, []) : null;
    await record(tx, {
      actor: { userId: caller.userId, email: caller.email }, actingAs: null, action: 'catalog.product_saved',
      target: { type: 'product', id }, before: before && withoutPrices(before), after: withoutPrices(product), requestId, at: now,
    });
    await recordEvent(tx, {
      type: 'admin.product.saved', actor: byCaller(caller),
      payload: { productId: id, created: !existing, name: product.name, active: product.active }, at: now,
    });
    return product;
  });
}

const withoutPrices = ({ prices: _prices, updatedAt: _updatedAt, ...product }: AdminProduct) => product;

type PriceInput = PriceTerms & { id?: string; productId: string; active: boolean };

/**
 * Adds a price, or activates or deactivates one. Its amount, currency and interval never change
 * (Stripe's rule, kept in test mode too): subscriptions and invoices were made on those terms.
 */
export async function savePrice(ctx: BackOfficeCallContext, input: PriceInput): Promise<AdminPrice> {
  const { caller, services, requestId } = ctx;
  const product = await findProduct(services.db, input.productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const existing = input.id === undefined ? undefined : await findPrice(services.db, input.id);
  if (input.id !== undefined && (!existing || existing.product_id !== product.id)) throw notFound(PRICE_NOT_FOUND);
  const terms: PriceTerms = { unitAmount: input.unitAmount, currency: input.currency, interval: input.interval };
  if (existing && !sameTerms(existing, terms)) throw failedPrecondition(PRICE_TERMS_FIXED);
  if (!product.provider_product_id) throw failedPrecondition(PRODUCT_NOT_AT_PROVIDER);

  const localId = existing?.id ?? newPriceId();
  const saved = await services.payments.savePrice({
    providerPriceId: existing?.provider_price_id ?? null, localId, providerProductId: product.provider_product_id, ...terms, active: input.active,
  });
  return ctx.unitOfWork(async ({ tx }) => {
    const now = services.clock.nowIso();
    let id = localId;
    if (existing) {
      await setPriceActive(tx.db, existing.id, input.active, { priceId: saved.providerPriceId, updated: saved.updated }, now);
    } else {
      // By provider id, as for products: Stripe's price.created webhook may have made the row already.
      id = (await upsertPriceByProviderId(tx.db, {
        ...terms, newId: localId, productId: product.id, active: input.active, providerPriceId: saved.providerPriceId, providerUpdated: saved.updated,
      }, 'always', now))!;
    }

    const price = adminPriceOf((await pricesWithSubscriptionCounts(tx.db, product.id)).find((p) => p.id === id)!);
    await record(tx, {
      actor: { userId: caller.userId, email: caller.email }, actingAs: null, action: 'catalog.price_saved',
      target: { type: 'price', id },
      before: existing ? { active: existing.active } : null,
      after: { productId: product.id, unitAmount: price.unitAmount, currency: price.currency, interval: price.interval, active: price.active },
      requestId, at: now,
    });
    await recordEvent(tx, {
      type: 'admin.price.saved', actor: byCaller(caller),
      payload: { priceId: id, productId: product.id, created: !existing, active: price.active }, at: now,
    });
    return price;
  });
}

function sameTerms(row: { unit_amount: number; currency: string; interval: PriceTerms['interval'] }, terms: PriceTerms): boolean {
  return row.unit_amount === terms.unitAmount && row.currency.toUpperCase() === terms.currency.toUpperCase() && (row.interval ?? null) === terms.interval;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
