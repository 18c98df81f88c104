import { SYNC_FAILED } from '../../../../common/domains/domains.ts';
import type { SignedInContext } from '../../../rpc/context.ts';
import type { DomainRow } from '../records.ts';
import { syncDomain } from './sync.ts';

/** Domains synced at once: each Sync asks two services, and a registrar may limit how fast one account calls it. */
export const BULK_SYNC_CONCURRENCY = 4;

export interface BulkSyncOutcome {
  succeeded: number;
  failed: number;
  results: { domain: string; success: boolean; error: string | null }[];
}

/** Runs `work` over `items`, at most `limit` at a time; results in the order of `items`. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}

/**
 * Syncs domains the policy already admitted, one result per domain in the order given, so the
 * page can say how many succeeded and name the ones that failed. One domain's unexpected error
 * is logged and counted as a failure; it does not stop the others.
 */
export async function syncDomains(ctx: SignedInContext, domains: DomainRow[]): Promise<BulkSyncOutcome> {
  const results = await inPool(domains, BULK_SYNC_CONCURRENCY, async (row) => {
    try {
      const result = await syncDomain(ctx, row);
      return { domain: row.name, success: result.success, error: result.success ? null : result.registrarError ?? result.rdapError };
    } catch (error) {
      ctx.log.error({ err: error, domain: row.name }, 'bulk Sync of a domain failed');
      return { domain: row.name, success: false, error: SYNC_FAILED };
    }
  });
  const succeeded = results.filter((result) => result.success).length;
  return { succeeded, failed: results.length - succeeded, results };
}
