import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

// Every count is either a whole-table count or a range of an index (users_created_at,
// users_role, domain_orders_created, domain_orders_status), so the dashboard stays quick at
// 100,000 users and 1,000,000 orders (figures in docs/decisions.md).

type Db = Kysely<Database>;

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

export async function countOrders(db: Db, since: Date): Promise<{ total: number; last24h: number; failed: number; completed: number }> {
  const count = (status: string) => db.selectFrom('domain_orders').select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', status).executeTakeFirstOrThrow();
  const [total, last24h, failed, completed] = await Promise.all([
    db.selectFrom('domain_orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('domain_orders').select((eb) => eb.fn.countAll().as('n')).where('created_at', '>=', since.toISOString()).executeTakeFirstOrThrow(),
    count('failed'),
    count('completed'),
  ]);
  return { total: asNumber(total.n), last24h: asNumber(last24h.n), failed: asNumber(failed.n), completed: asNumber(completed.n) };
}

/** The UTC day (YYYY-MM-DD) of a stored timestamp: ISO text on SQLite, timestamptz on PostgreSQL. */
function utcDay(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(created_at, 1, 10)`;
}

/** Rows created per UTC day from `since` on, in `table` (both have an index on created_at). */
export async function countPerDay(db: Db, dialect: Dialect, table: 'users' | 'domain_orders', since: Date): Promise<Map<string, number>> {
  const rows = await db.selectFrom(table)
    .select([utcDay(dialect).as('day'), (eb) => eb.fn.countAll().as('n')])
    .where('created_at', '>=', since.toISOString())
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.day, asNumber(r.n)]));
}
