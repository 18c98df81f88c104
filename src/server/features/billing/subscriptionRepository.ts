import type { PriceInterval, SubscriptionStatus } from '../../../common/billing/billing.ts';
import type { Db } from '../../db/transaction.ts';

/** Subscriptions that never started (checkout abandoned or declined) are not the customer's to see. */
const NEVER_STARTED: SubscriptionStatus[] = ['incomplete', 'incomplete_expired'];

export async function listVisibleSubscriptions(db: Db, accountId: string) {
  return db.selectFrom('subscriptions')
    .select(['id', 'product_name', 'status', 'unit_amount', 'currency', 'interval', 'current_period_end', 'cancel_at_period_end', 'canceled_at'])
    .where('account_id', '=', accountId)
    .where('status', 'not in', NEVER_STARTED)
    .orderBy('created_at', 'desc').orderBy('id', 'desc')
    .execute();
}

export async function findSubscriptionByProviderId(db: Db, providerSubscriptionId: string) {
  return db.selectFrom('subscriptions')
    .select(['id', 'account_id', 'status', 'product_name', 'provider_updated', 'current_period_end', 'cancel_at_period_end', 'price_id'])
    .where('provider_subscription_id', '=', providerSubscriptionId)
    .executeTakeFirst();
}

/** The subscription as the provider reported it. */
export interface SubscriptionState {
  providerCustomerId: string;
  priceId: string | null;
  productName: string;
  unitAmount: number;
  currency: string;
  interval: PriceInterval | null;
  status: SubscriptionStatus;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  providerUpdated: number;
}

const stateColumns = (s: SubscriptionState, now: string) => ({
  provider_customer_id: s.providerCustomerId, price_id: s.priceId, product_name: s.productName, unit_amount: s.unitAmount,
  currency: s.currency, interval: s.interval, status: s.status, current_period_start: s.currentPeriodStart,
  current_period_end: s.currentPeriodEnd, cancel_at_period_end: s.cancelAtPeriodEnd, canceled_at: s.canceledAt,
  provider_updated: s.providerUpdated, updated_at: now,
});

/**
 * Answers false when the provider's subscription is stored already: another unit of work (a
 * webhook racing the checkout's fulfilment, or two webhooks) committed it since this one looked.
 */
export async function insertSubscription(db: Db, row: { id: string; accountId: string; providerSubscriptionId: string; state: SubscriptionState; now: string }): Promise<boolean> {
  const inserted = await db.insertInto('subscriptions').values({
    id: row.id, account_id: row.accountId, provider_subscription_id: row.providerSubscriptionId, ...stateColumns(row.state, row.now), created_at: row.now,
  }).onConflict((oc) => oc.column('provider_subscription_id').doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

export async function updateSubscription(db: Db, id: string, state: SubscriptionState, now: string) {
  await db.updateTable('subscriptions').set(stateColumns(state, now)).where('id', '=', id).execute();
}

/** A status change an invoice event causes (past due, active again), moving the subscription's clock with it. */
export async function setSubscriptionStatus(db: Db, id: string, status: SubscriptionStatus, providerUpdated: number, now: string) {
  await db.updateTable('subscriptions').set({ status, provider_updated: providerUpdated, updated_at: now }).where('id', '=', id).execute();
}

/** How many subscriptions (any status) point at each of these prices; a price none points at is absent. */
export async function countSubscriptionsByPrice(db: Db, priceIds: string[]): Promise<Map<string, number>> {
  if (priceIds.length === 0) return new Map();
  const rows = await db.selectFrom('subscriptions')
    .select((eb) => ['price_id', eb.fn.countAll<number | string>().as('n')])
    .where('price_id', 'in', priceIds)
    .groupBy('price_id')
    .execute();
  return new Map(rows.map((row) => [row.price_id!, Number(row.n)]));
}
