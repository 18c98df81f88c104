import type { BackOfficeWriteContext } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { fetchSupplierCosts, OPERATOR_SYNC_TIMEOUT_MS, type SupplierSyncResult, writeSyncResults } from './supplierSync.ts';
import { findSupplier, listSuppliers } from './supplierSyncRepository.ts';

export const SUPPLIER_NOT_FOUND = 'Supplier not found.';

/**
 * syncSupplierTlds: every active supplier, or the one asked (also an inactive one, so an operator
 * can refresh its costs before activating it). The suppliers are called before anything is
 * written, so the protocol's transaction holds no write lock while they answer.
 */
export async function syncAsOperator({ tx, caller, services, requestId }: BackOfficeWriteContext, supplierId?: string): Promise<SupplierSyncResult[]> {
  let suppliers;
  if (supplierId === undefined) {
    suppliers = (await listSuppliers(tx.db)).filter((s) => Boolean(s.is_active));
  } else {
    const supplier = await findSupplier(tx.db, supplierId);
    if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
    suppliers = [supplier];
  }
  const fetched = await fetchSupplierCosts(services, suppliers, OPERATOR_SYNC_TIMEOUT_MS);
  return writeSyncResults(tx, fetched, { actor: { userId: caller.userId, email: caller.email }, requestId, supplierId }, services.clock.nowIso());
}
