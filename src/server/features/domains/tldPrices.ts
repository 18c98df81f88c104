import type { Db } from '../../db/transaction.ts';

/** What we sell a TLD for, per year, and who can supply it. */
export interface SellPrice {
  registerCents: number;
  renewCents: number | null;
  transferCents: number | null;
  currency: string;
  /** Active suppliers selling the TLD, cheapest registration first. */
  supplierIds: string[];
}

/**
 * Each TLD an active supplier sells, priced from its cheapest active supplier's registration
 * cost. No markup is applied here yet: the pricing slice of issue 7 owns this module and adds
 * the markups (tld_markups); callers depend only on this signature.
 */
export async function sellPrices(db: Db): Promise<Map<string, SellPrice>> {
  const rows = await db.selectFrom('supplier_tld_costs as c')
    .innerJoin('domain_suppliers as s', 's.id', 'c.supplier_id')
    .select(['c.tld', 'c.supplier_id', 'c.register_cents', 'c.renew_cents', 'c.transfer_cents', 'c.currency'])
    // better-sqlite3 binds no booleans; PostgreSQL reads 1 as true too.
    .where('s.is_active', '=', 1)
    .where('c.register_cents', 'is not', null)
    .orderBy('c.tld').orderBy('c.register_cents').orderBy('c.supplier_id')
    .execute();
  const prices = new Map<string, SellPrice>();
  for (const row of rows) {
    const known = prices.get(row.tld);
    if (known) {
      known.supplierIds.push(row.supplier_id);
      continue;
    }
    prices.set(row.tld, {
      registerCents: row.register_cents!, renewCents: row.renew_cents, transferCents: row.transfer_cents,
      currency: row.currency, supplierIds: [row.supplier_id],
    });
  }
  return prices;
}
