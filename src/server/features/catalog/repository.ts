import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { PriceInterval } from '../../../common/billing/billing.ts';
import type { PricesTable, ProductsTable } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import type { ProductFields } from '../../integrations/payments/provider.ts';

export type ProductRow = Selectable<ProductsTable>;

export type { ProductFields };

/** What a price is; once created these never change (a new price replaces it). */
export interface PriceTerms {
  unitAmount: number;
  currency: string;
  interval: PriceInterval | null;
}

// better-sqlite3 binds no booleans; PostgreSQL reads 1 and 0 as booleans too.

function productColumns(fields: ProductFields) {
  return {
    name: fields.name, description: fields.description, category: fields.category, popular: fields.popular,
    features: JSON.stringify(fields.features), active: fields.active,
  };
}

/** Active products with the public fields, optionally of one stored category. */
export async function listActiveProducts(db: Db, category: string | null) {
  let query = db.selectFrom('products')
    .select(['id', 'name', 'description', 'category', 'popular', 'features'])
    .where('active', '=', true);
  if (category !== null) query = query.where('category', '=', category);
  return query.execute();
}

/** The active prices of the active products (of one category), for the public catalogue. */
export async function listActivePrices(db: Db, category: string | null) {
  let query = db.selectFrom('prices').innerJoin('products', 'products.id', 'prices.product_id')
    .select(['prices.id', 'prices.product_id', 'prices.unit_amount', 'prices.currency', 'prices.interval'])
    .where('prices.active', '=', true)
    .where('products.active', '=', true);
  if (category !== null) query = query.where('products.category', '=', category);
  return query.execute();
}

/** Every product (or one), active or not. */
export async function listProductRows(db: Db, productId?: string): Promise<ProductRow[]> {
  let query = db.selectFrom('products').selectAll();
  if (productId !== undefined) query = query.where('id', '=', productId);
  return query.execute();
}

/** Every price (or those of one product), active or not. */
export async function listPriceRows(db: Db, productId?: string): Promise<Selectable<PricesTable>[]> {
  let query = db.selectFrom('prices').selectAll('prices');
  if (productId !== undefined) query = query.where('prices.product_id', '=', productId);
  return query.execute();
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPrice(db: Db, id: string): Promise<Selectable<PricesTable> | undefined> {
  return db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findProductIdByProviderId(db: Db, providerProductId: string): Promise<string | undefined> {
  const row = await db.selectFrom('products').select('id').where('provider_product_id', '=', providerProductId).executeTakeFirst();
  return row?.id;
}

export async function updateProduct(db: Db, id: string, fields: ProductFields, provider: { productId: string; updated: number }, now: string) {
  await db.updateTable('products')
    .set({ ...productColumns(fields), provider_product_id: provider.productId, provider_updated: provider.updated, updated_at: now })
    .where('id', '=', id).execute();
}

export async function setPriceActive(db: Db, id: string, active: boolean, provider: { priceId: string; updated: number }, now: string) {
  await db.updateTable('prices')
    .set({ active, provider_price_id: provider.priceId, provider_updated: provider.updated, updated_at: now })
    .where('id', '=', id).execute();
}

/**
 * How a provider's word changes a row that already holds the same provider id:
 * 'ifNewer' (an event) changes it only when the event is at least as new as what the row holds,
 * so an older event delivered late changes nothing; 'always' (the provider's present state: a
 * save's answer or the sync) changes it and keeps the later of the two clocks.
 */
export type ProviderWrite = 'ifNewer' | 'always';

type Catalogue = 'products' | 'prices';

function laterClock(table: Catalogue) {
  const stored = sql.ref(`${table}.provider_updated`);
  return sql<number>`case when ${stored} > excluded.provider_updated then ${stored} else excluded.provider_updated end`;
}

function newerOnly(eb: ExpressionBuilder<any, any>, table: Catalogue) {
  const stored = sql.ref(`${table}.provider_updated`);
  return eb.or([eb(stored, 'is', null), eb(stored, '<=', sql.ref('excluded.provider_updated'))]);
}

/**
 * Inserts the provider's product under `newId`, or updates the row that has its provider id
 * (one statement, so a webhook and an operator's save racing on one new product make one row).
 * Answers the row's id, or undefined when an older event was refused.
 */
export async function upsertProductByProviderId(db: Db, product: ProductFields & { newId: string; providerProductId: string; providerUpdated: number }, write: ProviderWrite, now: string): Promise<string | undefined> {
  const columns = productColumns(product);
  const row = await db.insertInto('products')
    .values({ id: product.newId, provider_product_id: product.providerProductId, provider_updated: product.providerUpdated, ...columns })
    .onConflict((oc) => {
      const update = oc.column('provider_product_id').doUpdateSet((eb) => ({
        ...columns, updated_at: now,
        provider_updated: write === 'always' ? laterClock('products') : eb.ref('excluded.provider_updated'),
      }));
      return write === 'ifNewer' ? update.where((eb) => newerOnly(eb, 'products')) : update;
    })
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The same for a price of a known product. */
export async function upsertPriceByProviderId(db: Db, price: PriceTerms & { newId: string; productId: string; providerPriceId: string; active: boolean; providerUpdated: number }, write: ProviderWrite, now: string): Promise<string | undefined> {
  const columns = {
    product_id: price.productId, unit_amount: price.unitAmount, currency: price.currency, interval: price.interval, active: price.active,
  };
  const row = await db.insertInto('prices')
    .values({ id: price.newId, provider_price_id: price.providerPriceId, provider_updated: price.providerUpdated, ...columns })
    .onConflict((oc) => {
      const update = oc.column('provider_price_id').doUpdateSet((eb) => ({
        ...columns, updated_at: now,
        provider_updated: write === 'always' ? laterClock('prices') : eb.ref('excluded.provider_updated'),
      }));
      return write === 'ifNewer' ? update.where((eb) => newerOnly(eb, 'prices')) : update;
    })
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Products the provider no longer lists: kept (subscriptions and invoices point at them), but no longer sold. */
export async function deactivateProductsExcept(db: Db, providerProductIds: string[], now: string): Promise<number> {
  const result = await db.updateTable('products').set({ active: false, updated_at: now })
    .where('active', '=', true)
    .where((eb) => providerProductIds.length === 0 ? eb.lit(true) : eb.or([
      eb('provider_product_id', 'is', null), eb('provider_product_id', 'not in', providerProductIds),
    ]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deactivatePricesExcept(db: Db, providerPriceIds: string[], now: string): Promise<number> {
  const result = await db.updateTable('prices').set({ active: false, updated_at: now })
    .where('active', '=', true)
    .where((eb) => providerPriceIds.length === 0 ? eb.lit(true) : eb.or([
      eb('provider_price_id', 'is', null), eb('provider_price_id', 'not in', providerPriceIds),
    ]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countCatalog(db: Db): Promise<{ products: number; prices: number }> {
  const [products, prices] = await Promise.all([
    db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('prices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { products: Number(products.n), prices: Number(prices.n) };
}

/** Rows with fixed ids, written once: a second writer (another process starting) finds them and adds nothing. */
export async function insertProductsIfAbsent(db: Db, products: (ProductFields & { id: string })[]) {
  if (products.length === 0) return;
  await db.insertInto('products')
    .values(products.map((p) => ({ id: p.id, provider_product_id: p.id, ...productColumns(p) })))
    .onConflict((oc) => oc.doNothing()).execute();
}

export async function insertPricesIfAbsent(db: Db, prices: (PriceTerms & { id: string; productId: string })[]) {
  if (prices.length === 0) return;
  await db.insertInto('prices')
    .values(prices.map((p) => ({
      id: p.id, product_id: p.productId, provider_price_id: p.id, unit_amount: p.unitAmount, currency: p.currency, interval: p.interval, active: true,
    })))
    .onConflict((oc) => oc.doNothing()).execute();
}

/** A price as billing names and sells it: ours, the provider's id, its rhythm and its product's name. */
export interface CataloguedPrice {
  id: string;
  providerPriceId: string | null;
  interval: PriceInterval | null;
  productId: string;
  productName: string;
}

function cataloguedPrices(db: Db) {
  return db.selectFrom('prices as p')
    .innerJoin('products as pr', 'pr.id', 'p.product_id')
    .select(['p.id', 'p.provider_price_id', 'p.interval', 'p.product_id', 'pr.name as product_name']);
}

function cataloguedPriceOf(
  row: { id: string; provider_price_id: string | null; interval: PriceInterval | null; product_id: string; product_name: string } | undefined,
): CataloguedPrice | undefined {
  return row && { id: row.id, providerPriceId: row.provider_price_id, interval: row.interval, productId: row.product_id, productName: row.product_name };
}

/** A price customers may buy now: itself and its product active. */
export async function findSellablePrice(db: Db, priceId: string): Promise<CataloguedPrice | undefined> {
  return cataloguedPriceOf(await cataloguedPrices(db)
    .where('p.id', '=', priceId)
    .where('p.active', '=', true)
    .where('pr.active', '=', true)
    .executeTakeFirst());
}

/** Our price for a provider price id, active or not, to name the plan as the catalogue does. */
export async function findCataloguedPrice(db: Db, providerPriceId: string): Promise<CataloguedPrice | undefined> {
  return cataloguedPriceOf(await cataloguedPrices(db).where('p.provider_price_id', '=', providerPriceId).executeTakeFirst());
}

/** Our price by our id, active or not (the plan a checkout bought). */
export async function findPriceById(db: Db, priceId: string): Promise<CataloguedPrice | undefined> {
  return cataloguedPriceOf(await cataloguedPrices(db).where('p.id', '=', priceId).executeTakeFirst());
}

/** Every price with its product's provider id, for test mode's provider catalogue. */
export async function listPricesWithProductProviderId(db: Db) {
  return db.selectFrom('prices').innerJoin('products', 'products.id', 'prices.product_id')
    .selectAll('prices').select('products.provider_product_id as product_provider_id').execute();
}

/** A price by its provider id with what a checkout line shows of it and its product. */
export async function findPriceLine(db: Db, providerPriceId: string) {
  return db.selectFrom('prices').innerJoin('products', 'products.id', 'prices.product_id')
    .select(['prices.unit_amount', 'prices.currency', 'prices.interval', 'prices.active', 'products.name', 'products.provider_product_id', 'products.id as product_id'])
    .where('prices.provider_price_id', '=', providerPriceId).executeTakeFirst();
}
