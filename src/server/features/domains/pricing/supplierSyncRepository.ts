import type { Selectable } from 'kysely';
import type { DomainSuppliersTable } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import type { TldCost } from '../../../integrations/registrars/registrar.ts';

export type SupplierRow = Selectable<DomainSuppliersTable>;

// better-sqlite3 binds no booleans; PostgreSQL reads 1 and 0 as booleans too.

/**
 * Inserts the suppliers that have no row yet. An existing row keeps its is_active (an operator's
 * deactivation stands across restarts); only its display name follows the registrar's.
 */
export async function insertSuppliersIfMissing(db: Db, suppliers: { id: string; name: string; isActive: boolean }[]): Promise<void> {
  if (suppliers.length === 0) return;
  await db.insertInto('domain_suppliers')
    .values(suppliers.map((s) => ({ id: s.id, name: s.name, is_active: s.isActive })))
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .execute();
}

/** Out of pricing and failover (both read only active suppliers); its domains stay managed. */
export async function deactivateSupplier(db: Db, id: string): Promise<void> {
  await db.updateTable('domain_suppliers').set({ is_active: false }).where('id', '=', id).where('is_active', '=', true).execute();
}

export async function listSuppliers(db: Db): Promise<SupplierRow[]> {
  return db.selectFrom('domain_suppliers').selectAll().orderBy('id').execute();
}

export async function findSupplier(db: Db, id: string): Promise<SupplierRow | undefined> {
  return db.selectFrom('domain_suppliers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** TLD rows per supplier, for the sync's answer. */
export async function countCostsBySupplier(db: Db, supplierIds: string[]): Promise<Map<string, number>> {
  if (supplierIds.length === 0) return new Map();
  const rows = await db.selectFrom('supplier_tld_costs').select((eb) => ['supplier_id', eb.fn.countAll<number>().as('n')])
    .where('supplier_id', 'in', supplierIds).groupBy('supplier_id').execute();
  return new Map(rows.map((r) => [r.supplier_id, Number(r.n)]));
}

// 7 bound values a row: far below SQLite's and PostgreSQL's parameter limits.
const INSERT_CHUNK = 500;

/** The supplier's price list becomes exactly `costs`: TLDs it no longer lists are removed. */
export async function replaceSupplierCosts(db: Db, supplierId: string, costs: TldCost[], at: string): Promise<void> {
  await db.deleteFrom('supplier_tld_costs').where('supplier_id', '=', supplierId).execute();
  for (let i = 0; i < costs.length; i += INSERT_CHUNK) {
    await db.insertInto('supplier_tld_costs').values(costs.slice(i, i + INSERT_CHUNK).map((c) => ({
      supplier_id: supplierId, tld: c.tld, register_cents: c.registerCents, renew_cents: c.renewCents,
      transfer_cents: c.transferCents, currency: c.currency, updated_at: at,
    }))).execute();
  }
}

export async function removeSupplierCosts(db: Db, supplierId: string): Promise<void> {
  await db.deleteFrom('supplier_tld_costs').where('supplier_id', '=', supplierId).execute();
}

export async function markSynced(db: Db, supplierId: string, at: string): Promise<void> {
  await db.updateTable('domain_suppliers').set({ last_synced_at: at, last_sync_error: null }).where('id', '=', supplierId).execute();
}

export async function markSyncFailed(db: Db, supplierId: string, error: string): Promise<void> {
  await db.updateTable('domain_suppliers').set({ last_sync_error: error }).where('id', '=', supplierId).execute();
}

