import type { Db } from '../../db/transaction.ts';

/** When each subscription renews (its current period's end), for the areas that show what a subscription pays for. */
export async function renewalDatesOf(db: Db, subscriptionIds: string[]): Promise<Map<string, string | null>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db.selectFrom('subscriptions').select(['id', 'current_period_end']).where('id', 'in', subscriptionIds).execute();
  return new Map(rows.map((r) => [r.id, r.current_period_end]));
}
