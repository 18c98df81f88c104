import { inTransaction } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import type { Services } from '../../../rpc/context.ts';
import { EXPIRY_BATCH_SIZE, markExpiredBatch } from './repository.ts';

/**
 * Active domains whose expiry has passed become 'expired', each with a 'domain.expired' event
 * in its batch's transaction. A renewal completing later makes the domain active again.
 */
export async function markExpiredDomains(services: Services, now: Date, signal?: AbortSignal): Promise<number> {
  const nowIso = now.toISOString();
  let total = 0;
  for (;;) {
    if (signal?.aborted) return total;
    const { found, marked } = await inTransaction(services.db, async (tx) => {
      const batch = await markExpiredBatch(tx.db, nowIso, EXPIRY_BATCH_SIZE);
      for (const domain of batch.marked) {
        await recordEvent(tx, {
          type: 'domain.expired', accountId: domain.account_id,
          payload: { domainId: domain.id, domain: domain.name, expirationDate: domain.expiration_date! }, at: nowIso,
        });
      }
      return batch;
    }, services.log);
    total += marked.length;
    if (found < EXPIRY_BATCH_SIZE) return total;
  }
}
