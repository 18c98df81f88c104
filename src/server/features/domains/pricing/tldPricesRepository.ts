import type { MarkupKind } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';

/** The portal sells in US dollars only; costs in another currency are not used (docs/decisions.md). */
export const PORTAL_CURRENCY = 'USD';

export interface Markup {
  kind: MarkupKind;
  /** percent: hundredths of a percent (2500 = 25%); fixed: cents. */
  value: number;
}

/** The global markup row's key; per-TLD rows win over it. */
export const GLOBAL_MARKUP_TLD = '*';

/** Every USD cost row of the active suppliers (one indexed join), or of one TLD. */
export async function activeSupplierCosts(db: Db, tld?: string) {
  let query = db.selectFrom('supplier_tld_costs')
    .innerJoin('domain_suppliers', 'domain_suppliers.id', 'supplier_tld_costs.supplier_id')
    .select(['supplier_tld_costs.tld', 'supplier_tld_costs.supplier_id', 'register_cents', 'renew_cents', 'transfer_cents'])
    .where('domain_suppliers.is_active', '=', true)
    .where('supplier_tld_costs.currency', '=', PORTAL_CURRENCY);
  if (tld !== undefined) query = query.where('supplier_tld_costs.tld', '=', tld);
  return query.execute();
}

/** The published multi-year totals of the active suppliers (their USD lists), or of one TLD. */
export async function activeSupplierYearCosts(db: Db, tld?: string) {
  let query = db.selectFrom('supplier_tld_year_costs as y')
    .innerJoin('domain_suppliers as s', 's.id', 'y.supplier_id')
    .innerJoin('supplier_tld_costs as c', (join) => join.onRef('c.supplier_id', '=', 'y.supplier_id').onRef('c.tld', '=', 'y.tld'))
    .select(['y.supplier_id', 'y.tld', 'y.action', 'y.years', 'y.cents'])
    .where('s.is_active', '=', true)
    .where('c.currency', '=', PORTAL_CURRENCY);
  if (tld !== undefined) query = query.where('y.tld', '=', tld);
  return query.execute();
}

/** One supplier's costs for one TLD, active or not (a domain renews at its own supplier): null when it lists none in USD. */
export async function supplierCostsOf(db: Db, supplierId: string, tld: string) {
  const [row, years] = await Promise.all([
    db.selectFrom('supplier_tld_costs').select(['supplier_id', 'register_cents', 'renew_cents'])
      .where('supplier_id', '=', supplierId).where('tld', '=', tld).where('currency', '=', PORTAL_CURRENCY).executeTakeFirst(),
    db.selectFrom('supplier_tld_year_costs').select(['action', 'years', 'cents']).where('supplier_id', '=', supplierId).where('tld', '=', tld).execute(),
  ]);
  return row ? { row, years } : null;
}

export async function listMarkups(db: Db): Promise<Map<string, Markup>> {
  const rows = await db.selectFrom('tld_markups').select(['tld', 'kind', 'value']).execute();
  return new Map(rows.map((r) => [r.tld, { kind: r.kind, value: Number(r.value) }]));
}

export async function insertMarkupIfMissing(db: Db, tld: string, markup: Markup): Promise<void> {
  await db.insertInto('tld_markups').values({ tld, kind: markup.kind, value: markup.value })
    .onConflict((oc) => oc.column('tld').doNothing()).execute();
}
