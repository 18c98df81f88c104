import type { TldSyncResult } from '../../../../common/domains/contract.ts';
import { REGISTRAR_TEXTS } from '../../../../common/admin/registrars/texts.ts';
import type { SupplierSyncResult } from './supplierSync.ts';

/** The spec's TLD sync result from each supplier's outcome: what the operator's call answers and the run keeps. */
export function tldSyncAnswer(results: SupplierSyncResult[], requestId: string): TldSyncResult {
  const failed = results.filter((r) => r.error !== null);
  return {
    success: true,
    summary: {
      totalSuppliers: results.length,
      successfulSuppliers: results.length - failed.length,
      failedSuppliers: failed.length,
      totalTlds: results.reduce((n, r) => n + r.tldCount, 0),
      newTlds: results.reduce((n, r) => n + r.newTlds, 0),
      updatedTlds: results.reduce((n, r) => n + r.updatedTlds, 0),
    },
    suppliers: Object.fromEntries(results.map((r) => [r.id, {
      name: r.name, status: r.error === null ? 'success' as const : 'failed' as const, tldCount: r.tldCount,
      newTlds: r.newTlds, updatedTlds: r.updatedTlds, error: r.error, syncedAt: r.syncedAt,
    }])),
    errors: failed.map((r) => ({ supplier: r.id, error: r.error! })),
    requestId,
    message: REGISTRAR_TEXTS.syncCompleted,
  };
}
