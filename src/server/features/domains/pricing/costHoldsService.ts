import type { HeldCostChange } from '../../../../common/admin/costHolds/contract.ts';
import type { Tx } from '../../../db/transaction.ts';
import type { Db } from '../../../db/transaction.ts';
import type { TldCost } from '../../../integrations/registrars/registrar.ts';
import { type CostHold, decideCostHold, findCostHold, listCostHolds } from './costHoldsRepository.ts';
import { replaceTldCost } from './supplierSyncRepository.ts';

const costsOf = (cost: TldCost) => ({ registerCents: cost.registerCents, renewCents: cost.renewCents, transferCents: cost.transferCents, currency: cost.currency });

export function heldChangeView(hold: CostHold): HeldCostChange {
  return {
    id: hold.id, supplierId: hold.supplierId, supplierName: hold.supplierName, tld: hold.tld,
    before: hold.before ? costsOf(hold.before) : null, after: costsOf(hold.after), reason: hold.reason, status: hold.status,
    detectedAt: hold.detectedAt, decidedAt: hold.decidedAt, decidedBy: hold.decidedBy,
  };
}

export async function listHeldChanges(db: Db, limit: number): Promise<HeldCostChange[]> {
  return (await listCostHolds(db, limit)).map(heldChangeView);
}

export async function findHeldChange(db: Db, id: string): Promise<HeldCostChange | undefined> {
  const hold = await findCostHold(db, id);
  return hold && heldChangeView(hold);
}

/**
 * An operator's decision, in the caller's unit of work: an approval writes the TLD's costs as the
 * supplier listed them (its multi-year totals too), so prices follow at once. Answers false when
 * the hold was decided meanwhile or a newer sync replaced it.
 */
export async function decideHeldChange(tx: Tx, id: string, approve: boolean, by: string, at: string): Promise<boolean> {
  const hold = await findCostHold(tx.db, id);
  if (!hold || !await decideCostHold(tx.db, id, approve ? 'approved' : 'rejected', by, at)) return false;
  if (approve) await replaceTldCost(tx.db, hold.supplierId, hold.after, at);
  return true;
}
