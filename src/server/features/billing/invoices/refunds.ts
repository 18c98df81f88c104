import { liveTopics } from '../../../../common/live.ts';
import type { Tx } from '../../../db/transaction.ts';
import type { Services } from '../../../rpc/context.ts';
import { recordInvoiceRefund } from './repository.ts';

/**
 * A refund another area made on a payment that has an invoice here (a domain order's checkout):
 * the invoice shows what was refunded, in the refund's unit of work. Answers whether the
 * invoice was found (a provider's invoice event that has not arrived yet leaves nothing to mark).
 */
export async function markInvoiceRefunded(
  tx: Tx, services: Pick<Services, 'live'>, providerInvoiceId: string, refund: { amountCents: number; at: string },
): Promise<boolean> {
  const marked = await recordInvoiceRefund(tx.db, providerInvoiceId, refund);
  if (marked) services.live.publish(tx, liveTopics.billing(marked.accountId), 'billing.changed');
  return marked !== undefined;
}
