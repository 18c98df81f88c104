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

const sessionColumns = ['id', 'account_id', 'mode', 'purpose', 'reference', 'status', 'price_id', 'completed_at'] as const;

export async function findCheckoutByProviderId(db: Db, providerSessionId: string) {
  return db.selectFrom('checkout_sessions').select(sessionColumns).where('provider_session_id', '=', providerSessionId).executeTakeFirst();
}

export async function findCheckoutById(db: Db, id: string) {
  return db.selectFrom('checkout_sessions').select(sessionColumns).where('id', '=', id).executeTakeFirst();
}

/** The newest open checkout for this purpose and reference started after `since`. */
export async function findOpenCheckout(db: Db, of: { purpose: string; reference: string; since: string }): Promise<{ id: string; url: string } | undefined> {
  return db.selectFrom('checkout_sessions').select(['id', 'url'])
    .where('purpose', '=', of.purpose).where('reference', '=', of.reference).where('status', '=', 'open')
    .where('created_at', '>', of.since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Every checkout for this purpose and reference that we still hold open, old ones too: the provider may still take a payment on each. */
export async function listOpenCheckouts(db: Db, of: { purpose: string; reference: string }): Promise<{ id: string; providerSessionId: string }[]> {
  const rows = await db.selectFrom('checkout_sessions').select(['id', 'provider_session_id'])
    .where('purpose', '=', of.purpose).where('reference', '=', of.reference).where('status', '=', 'open').orderBy('created_at').execute();
  return rows.map((row) => ({ id: row.id, providerSessionId: row.provider_session_id }));
}

/** open → complete or expired; a finished session stays as it is. Answers whether it changed. */
export async function finishCheckout(db: Db, id: string, status: 'complete' | 'expired'): Promise<boolean> {
  const result = await db.updateTable('checkout_sessions').set({ status }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * `completed_at` is when the portal fulfilled the checkout (the confirmation sent): set once,
 * in the fulfilment's own unit of work, so a second run of the job finds it and does nothing.
 */
export async function claimFulfilment(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('checkout_sessions').set({ completed_at: now })
    .where('id', '=', id).where('status', '=', 'complete').where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
