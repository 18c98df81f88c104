import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';

// The stats page's order counts: none reads more than a day's worth of rows. They come from the
// per-day counts the triggers of migration 0012 keep, the last 24 hours from a range of
// domain_orders_created. Figures in docs/decisions.md.

type Db = Kysely<Database>;

const asNumber = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/** Orders of every status, from the per-day counts. */
export async function countOrdersByStatus(db: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ status: string; n: number | string }>`
    select status, sum(order_count) as n from domain_order_day_counts group by status`.execute(db);
  return new Map(rows.map((r) => [r.status, asNumber(r.n)]));
}

export async function countOrdersSince(db: Db, since: Date): Promise<number> {
  const row = await db.selectFrom('domain_orders').select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '>=', since.toISOString()).executeTakeFirstOrThrow();
  return asNumber(row.n);
}

/** Orders per UTC day (YYYY-MM-DD) from `firstDay` on. */
export async function countOrdersPerDay(db: Db, firstDay: Date): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; n: number | string }>`
    select day, sum(order_count) as n from domain_order_day_counts where day >= ${firstDay.toISOString().slice(0, 10)} group by day`.execute(db);
  return new Map(rows.map((r) => [r.day, asNumber(r.n)]));
}
