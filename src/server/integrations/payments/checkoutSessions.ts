import type { CheckoutMode } from '../../../common/billing/billing.ts';
import type { Db } from '../../db/transaction.ts';

/**
 * Our record of a hosted checkout we started, whatever it pays for (a plan, a domain order):
 * the completion event finds it by the provider's id and each area reacts to its purpose.
 */
export async function insertCheckoutSession(db: Db, row: {
  id: string; providerSessionId: string; accountId: string; userId: string; priceId: string | null; mode: CheckoutMode;
  purpose: string; reference?: string | null; url: string; now: string;
}) {
  await db.insertInto('checkout_sessions').values({
    id: row.id, provider_session_id: row.providerSessionId, account_id: row.accountId, user_id: row.userId, price_id: row.priceId,
    mode: row.mode, purpose: row.purpose, reference: row.reference ?? null, status: 'open', url: row.url, created_at: row.now,
  }).execute();
}
