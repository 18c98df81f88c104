import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';

// No count here reads more than a day's worth of rows: orders come from the per-day counts
// the triggers of migration 0012 keep, users and the last 24 hours from ranges of an index
// (users_created_id, users_role_created_id, domain_orders_created). Figures in docs/decisions.md.

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
const asNumber = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

export async function countUsers(db: Db): Promise<{ total: number; superAdmins: number }> {
  const [total, superAdmins] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'super_admin').executeTakeFirstOrThrow(),
  ]);
  return { total: asNumber(total.n), superAdmins: asNumber(superAdmins.n) };
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return asNumber(row.n);
}

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

/** Sign-ups on each of `days` UTC days from `firstDay` on: one range of users_created_id per day. */
export async function countSignUpsPerDay(db: Db, firstDay: Date, days: number): Promise<Map<string, number>> {
  const counts = await Promise.all(Array.from({ length: days }, async (_, i) => {
    const start = new Date(firstDay.getTime() + i * DAY_MS);
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '>=', start.toISOString() as never)
      .where('created_at', '<', new Date(start.getTime() + DAY_MS).toISOString() as never)
      .executeTakeFirstOrThrow();
    return [start.toISOString().slice(0, 10), asNumber(row.n)] as const;
  }));
  return new Map(counts);
}
