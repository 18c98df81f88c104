import type { Db } from '../../../db/transaction.ts';

/** A price customers may buy now: itself and its product active. */
export async function findSellablePrice(db: Db, priceId: string) {
  return db.selectFrom('prices as p')
    .innerJoin('products as pr', 'pr.id', 'p.product_id')
    .select(['p.id', 'p.provider_price_id', 'p.interval', 'pr.name as product_name'])
    .where('p.id', '=', priceId)
    .where('p.active', '=', true)
    .where('pr.active', '=', true)
    .executeTakeFirst();
}

const sessionColumns = ['id', 'account_id', 'mode', 'purpose', 'reference', 'status', 'price_id', 'completed_at'] as const;

export async function findCheckoutByProviderId(db: Db, providerSessionId: string) {
  return db.selectFrom('checkout_sessions').select(sessionColumns).where('provider_session_id', '=', providerSessionId).executeTakeFirst();
}

export async function findCheckoutById(db: Db, id: string) {
  return db.selectFrom('checkout_sessions').select(sessionColumns).where('id', '=', id).executeTakeFirst();
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

/** The plan a checkout bought, named as the catalogue names it. */
export async function findCheckoutProductName(db: Db, checkoutId: string): Promise<string | null> {
  const row = await db.selectFrom('checkout_sessions as c')
    .innerJoin('prices as p', 'p.id', 'c.price_id')
    .innerJoin('products as pr', 'pr.id', 'p.product_id')
    .select('pr.name')
    .where('c.id', '=', checkoutId)
    .executeTakeFirst();
  return row?.name ?? null;
}
