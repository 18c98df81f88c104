import { randomBytes } from 'node:crypto';
import type { CostHoldStatus } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import type { TldCost } from '../../../integrations/registrars/registrar.ts';
import type { HeldChange } from './costHolds.ts';

export interface CostHold {
  id: string;
  supplierId: string;
  supplierName: string;
  tld: string;
  before: TldCost | null;
  after: TldCost;
  reason: string;
  status: CostHoldStatus;
  detectedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

const holdColumns = ['h.id', 'h.supplier_id', 's.name as supplier_name', 'h.tld', 'h.before_costs', 'h.after_costs', 'h.reason', 'h.status', 'h.detected_at', 'h.decided_at', 'h.decided_by'] as const;

type HoldRow = {
  id: string; supplier_id: string; supplier_name: string; tld: string; before_costs: string | null; after_costs: string;
  reason: string; status: CostHoldStatus; detected_at: string; decided_at: string | null; decided_by: string | null;
};

const holdOf = (r: HoldRow): CostHold => ({
  id: r.id, supplierId: r.supplier_id, supplierName: r.supplier_name, tld: r.tld,
  before: r.before_costs === null ? null : JSON.parse(r.before_costs) as TldCost, after: JSON.parse(r.after_costs) as TldCost,
  reason: r.reason, status: r.status, detectedAt: r.detected_at, decidedAt: r.decided_at, decidedBy: r.decided_by,
});

/**
 * The supplier's undecided holds become exactly `held`: a sync that reads the same change again
 * renews its hold, one whose change is gone (the supplier corrected it) drops it.
 */
export async function replacePendingHolds(db: Db, supplierId: string, held: HeldChange[], at: string): Promise<void> {
  await db.deleteFrom('supplier_cost_holds').where('supplier_id', '=', supplierId).where('status', '=', 'held').execute();
  if (held.length === 0) return;
  await db.insertInto('supplier_cost_holds').values(held.map((h) => ({
    id: `hold_${randomBytes(12).toString('base64url')}`, supplier_id: supplierId, tld: h.tld,
    before_costs: h.before ? JSON.stringify(h.before) : null, after_costs: JSON.stringify(h.after), reason: h.reason, status: 'held' as const, detected_at: at,
  }))).execute();
}

/** Undecided holds, oldest first, then the latest decided ones. */
export async function listCostHolds(db: Db, limit: number): Promise<CostHold[]> {
  const base = () => db.selectFrom('supplier_cost_holds as h').innerJoin('domain_suppliers as s', 's.id', 'h.supplier_id').select(holdColumns);
  const [pending, decided] = await Promise.all([
    base().where('h.status', '=', 'held').orderBy('h.detected_at').orderBy('h.id').limit(limit).execute(),
    base().where('h.status', '!=', 'held').orderBy('h.decided_at', 'desc').orderBy('h.id').limit(limit).execute(),
  ]);
  return [...pending, ...decided].map((r) => holdOf(r as HoldRow));
}

export async function findCostHold(db: Db, id: string): Promise<CostHold | undefined> {
  const row = await db.selectFrom('supplier_cost_holds as h').innerJoin('domain_suppliers as s', 's.id', 'h.supplier_id').select(holdColumns)
    .where('h.id', '=', id).executeTakeFirst();
  return row && holdOf(row as HoldRow);
}

/** Decides an undecided hold; false when another operator (or a newer sync) got there first. */
export async function decideCostHold(db: Db, id: string, status: 'approved' | 'rejected', by: string, at: string): Promise<boolean> {
  const result = await db.updateTable('supplier_cost_holds').set({ status, decided_by: by, decided_at: at })
    .where('id', '=', id).where('status', '=', 'held').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
