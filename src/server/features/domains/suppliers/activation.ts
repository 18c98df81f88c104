import { sql } from 'kysely';
import type { Db } from '../../../db/transaction.ts';

/** TLDs with domains that no active supplier other than `supplierId` prices, and how many domains they have. */
export async function tldsOnlyThisSupplierSells(db: Db, supplierId: string): Promise<{ tlds: string[]; domains: number }> {
  const rows = await db.selectFrom('supplier_tld_costs as c')
    .innerJoin('domains as d', 'd.tld', 'c.tld')
    .select((eb) => ['c.tld', eb.fn.countAll<number>().as('n')])
    .where('c.supplier_id', '=', supplierId)
    .where((eb) => eb.not(eb.exists(
      eb.selectFrom('supplier_tld_costs as o')
        .innerJoin('domain_suppliers as s', 's.id', 'o.supplier_id')
        .select(sql<number>`1`.as('one'))
        .whereRef('o.tld', '=', 'c.tld')
        .where('o.supplier_id', '!=', supplierId)
        .where('s.is_active', '=', true),
    )))
    .groupBy('c.tld')
    .orderBy('c.tld')
    .execute();
  return { tlds: rows.map((r) => r.tld), domains: rows.reduce((n, r) => n + Number(r.n), 0) };
}

/** Sets the flag; false when it already had that value. */
export async function setSupplierActiveRow(db: Db, supplierId: string, isActive: boolean): Promise<boolean> {
  const result = await db.updateTable('domain_suppliers').set({ is_active: isActive })
    .where('id', '=', supplierId).where('is_active', '=', !isActive).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
