import type { BackOfficeCallContext } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { runWork } from '../../../jobs/workRuns.ts';
import type { TldSyncResult } from '../../../../common/domains/contract.ts';
import { fetchSupplierCosts, OPERATOR_SYNC_TIMEOUT_MS, progressOf, writeSyncResults } from './supplierSync.ts';
import { tldSyncAnswer } from './tldSyncAnswer.ts';
import { findSupplier, listSuppliers } from './supplierSyncRepository.ts';

export const SUPPLIER_NOT_FOUND = 'Supplier not found.';

/**
 * syncSupplierTlds: every active supplier, or the one asked (also an inactive one, so an operator
 * can refresh its costs before activating it). The suppliers are called with no transaction
 * open, so other writes go on while they answer; their answers are written in one short unit.
 * A 'tld-sync' run (src/server/jobs/workRuns.ts): progress per supplier answered, the answer (the spec's
 * TLD sync result) as summary.
 */
export async function syncAsOperator(ctx: BackOfficeCallContext, supplierId?: string): Promise<TldSyncResult> {
  const { services } = ctx;
  let suppliers;
  if (supplierId === undefined) {
    suppliers = (await listSuppliers(services.db)).filter((s) => s.is_active);
  } else {
    const supplier = await findSupplier(services.db, supplierId);
    if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
    suppliers = [supplier];
  }
  return runWork(services, { kind: 'tld-sync', requestedBy: ctx.caller.userId }, async (run) => {
    const fetched = await fetchSupplierCosts(services, suppliers, OPERATOR_SYNC_TIMEOUT_MS, undefined, progressOf(run, suppliers.length));
    return ctx.unitOfWork(async ({ tx, caller, requestId }) => {
      const synced = await writeSyncResults(tx, fetched, { actor: { userId: caller.userId, email: caller.email }, requestId, supplierId, holdShare: services.config.SUPPLIER_COST_HOLD_SHARE }, services.clock.nowIso());
      const answer = tldSyncAnswer(synced, requestId);
      await run.complete(tx, answer);
      return answer;
    });
  });
}
