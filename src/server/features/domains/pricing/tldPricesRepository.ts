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

/** Every USD cost row of the active suppliers (one indexed join). */
export async function activeSupplierCosts(db: Db) {
  return db.selectFrom('supplier_tld_costs')
    .innerJoin('domain_suppliers', 'domain_suppliers.id', 'supplier_tld_costs.supplier_id')
    .select(['supplier_tld_costs.tld', 'supplier_tld_costs.supplier_id', 'register_cents', 'renew_cents', 'transfer_cents'])
    .where('domain_suppliers.is_active', '=', true)
    .where('supplier_tld_costs.currency', '=', PORTAL_CURRENCY)
    .execute();
}

export async function listMarkups(db: Db): Promise<Map<string, Markup>> {
  const rows = await db.selectFrom('tld_markups').select(['tld', 'kind', 'value']).execute();
  return new Map(rows.map((r) => [r.tld, { kind: r.kind, value: Number(r.value) }]));
}

export async function insertMarkupIfMissing(db: Db, tld: string, markup: Markup): Promise<void> {
  await db.insertInto('tld_markups').values({ tld, kind: markup.kind, value: markup.value })
    .onConflict((oc) => oc.column('tld').doNothing()).execute();
}
