import type { Db } from '../../../db/transaction.ts';

/**
 * The back office's writes of inventory rows: what deleting a domain must not cut short, its
 * removal, and the move to another account. The per-account status counts follow through the
 * triggers on `domains` (migrations 0011 and 0028).
 */

export interface InventoryDomain {
  id: string;
  name: string;
  accountId: string | null;
  supplierId: string | null;
  managementMode: string;
  status: string;
}

export async function findInventoryDomain(db: Db, name: string): Promise<InventoryDomain | undefined> {
  const row = await db.selectFrom('domains').select(['id', 'name', 'account_id', 'supplier_id', 'management_mode', 'status'])
    .where('name', '=', name).executeTakeFirst();
  return row && {
    id: row.id, name: row.name, accountId: row.account_id, supplierId: row.supplier_id, managementMode: row.management_mode, status: row.status,
  };
}

/**
 * Work on the name that deleting its record would orphan: a paid order the registration job or an
 * operator has not finished (its customer paid for this name), or a registrar call whose outcome
 * is not yet recorded (an attempt still 'started').
 */
export async function hasWorkInFlight(db: Db, name: string): Promise<boolean> {
  const unfinishedPaid = await db.selectFrom('domain_orders').select('id')
    .where('domain', '=', name).where('payment_status', '=', 'paid').where('status', 'not in', ['completed', 'cancelled'])
    .limit(1).executeTakeFirst();
  if (unfinishedPaid) return true;
  const callInFlight = await db.selectFrom('domain_order_attempts as a').innerJoin('domain_orders as o', 'o.id', 'a.order_id').select('a.id')
    .where('o.domain', '=', name).where('a.outcome', '=', 'started').limit(1).executeTakeFirst();
  return callInFlight !== undefined;
}

/** Removes the row (its differences, checks and notices go with it; orders keep their history without the link). */
export async function deleteInventoryDomain(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('domains').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Moves the domain when it still belongs to `from` (undefined: wherever it is); false when it
 * changed meanwhile, so a caller that read the row first never overwrites a concurrent move.
 */
export async function moveInventoryDomain(db: Db, id: string, from: string | null, to: string | null, now: string): Promise<boolean> {
  const result = await db.updateTable('domains').set({ account_id: to, updated_at: now }).where('id', '=', id)
    .where('account_id', from === null ? 'is' : '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
