/**
 * Many users, accounts and domain orders written in a few set-based SQL statements (no row
 * goes through Node), on SQLite or PostgreSQL, into a freshly migrated database. Shared by the
 * back-office benches: getSystemStats (bench/systemStats.bench.ts) and the users and orders
 * lists (bench/adminLists.bench.ts).
 *
 * Row i is derived from i alone, so two runs with the same sizes hold the same data:
 * - user `u<i>`: "First Last", first.last<i>@<one of 5 domains>, every 1000th a super admin,
 *   every 7th unverified, every 97th disabled; member of account ((i - 1) % accounts) + 1, and
 *   one in ten of a second account; account `a<k>` is owned by user `u<k>`.
 * - order `o<i>`: 5 % in account a1, 10 % in a2..a10, the rest spread evenly over every
 *   account; a name built from three syllables on one of 6 TLDs; 1 to 3 years at 8.99 to 58.98
 *   a year; 60 % completed, 10 % each failed, processing, pending_payment and cancelled.
 * - created times scattered (not in id order) over `spreadSeconds` back from now.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../src/server/db/connection.ts';
import type { Database } from '../src/server/db/schema.ts';

export interface SeedSizes {
  users: number;
  orders: number;
  accounts: number;
  /** Created times fall between now and this many seconds ago. */
  spreadSeconds: number;
}

/** Accounts a1..a<BIG_ACCOUNTS> hold a sixth of all orders between them; a1 alone a twentieth. */
export const BIG_ACCOUNTS = 10;

const FIRST_NAMES = ['Anna', 'Andrew', 'Ben', 'Carla', 'Chen', 'Daniel', 'Elena', 'Emma', 'Farid', 'Grace', 'Hannah', 'Ivan',
  'Jamal', 'Julia', 'Karin', 'Liam', 'Lucia', 'Marco', 'Maria', 'Mei', 'Nadia', 'Noah', 'Olga', 'Omar', 'Paula', 'Pedro',
  'Priya', 'Rafael', 'Sara', 'Sofia', 'Tomas', 'Uma', 'Victor', 'Wei', 'Yara', 'Zoe'];
const LAST_NAMES = ['Adams', 'Baker', 'Costa', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kim', 'Larsen',
  'Meyer', 'Novak', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Silva', 'Tanaka', 'Urban', 'Vogel', 'Walker', 'Xu', 'Young', 'Zhang'];
const MAIL_DOMAINS = ['example.test', 'mail.test', 'corp.test', 'studio.test', 'shop.test'];
export const SYLLABLES = ['ka', 'lo', 'mi', 'net', 'sun', 'bri', 'cor', 'dex', 'fin', 'gro', 'hub', 'jet', 'lux', 'mo', 'nova',
  'pix', 'qui', 'ro', 'sky', 'tel', 'vi', 'wave', 'zen', 'al'];
export const TLDS = ['com', 'com', 'net', 'org', 'io', 'dev'];

/** `expr % list.length` picks an entry, the same way in both dialects. */
export function pickSql(list: readonly string[], expr: string): RawBuilder<string> {
  const cases = list.map((v, n) => `when ${n} then '${v}'`).join(' ');
  return sql.raw(`(case (${expr}) % ${list.length} ${cases} end)`);
}

/** `i` from 1 to n: bigint on PostgreSQL (i * 7919 overflows an int4 at a million rows). */
export function series(dialect: Dialect, n: number): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql.raw(`s as (select generate_series(1::bigint, ${n}) as i)`)
    : sql.raw(`recursive s(i) as (select 1 union all select i + 1 from s where i < ${n})`);
}

/** A created time `secondsAgo` (an SQL expression) before now, in the column's native form. */
function ago(dialect: Dialect, secondsAgo: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql.raw(`now() - (${secondsAgo}) * interval '1 second'`)
    : sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${secondsAgo}) || ' seconds')`);
}

/** Writes the users, accounts, memberships and orders, then the day counts and planner statistics. */
export async function seedUsersAndOrders(db: Kysely<Database>, dialect: Dialect, sizes: SeedSizes): Promise<void> {
  const { users, orders, accounts, spreadSeconds } = sizes;
  if (accounts > users) throw new Error('Every account needs its owner: accounts must not exceed users.');
  const bool = (expr: string) => sql.raw(dialect === 'postgres' ? `(${expr})` : `(case when ${expr} then 1 else 0 end)`);
  // Scattered, so that id order says nothing about time order (as with random ids).
  const userAgo = `(i * 7919) % ${spreadSeconds}`;
  const first = pickSql(FIRST_NAMES, 'i');
  const last = pickSql(LAST_NAMES, `i / ${FIRST_NAMES.length}`);
  const account = `(case when i % 100 < 5 then 1 when i % 100 < 15 then 2 + i % ${BIG_ACCOUNTS - 1} else (i * 31) % ${accounts} + 1 end)`;
  const label = sql.join([pickSql(SYLLABLES, 'i * 13'), pickSql(SYLLABLES, `i / ${SYLLABLES.length}`),
    pickSql(SYLLABLES, `i / ${SYLLABLES.length ** 2}`)], sql` || `);
  const years = '(1 + i % 3)';
  const price = '(899 + (i * 37) % 5000)';
  const status = sql.raw(`(case i % 10 when 6 then 'failed' when 7 then 'processing' when 8 then 'pending_payment'
    when 9 then 'cancelled' else 'completed' end)`);

  await db.connection().execute(async (db) => {
    await sql`with ${series(dialect, users)}
      insert into users (id, name, email, email_verified, role, active_account_id, disabled, created_at, updated_at)
      select 'u' || i, ${first} || ' ' || ${last},
        lower(${first}) || '.' || lower(${last}) || i || '@' || ${pickSql(MAIL_DOMAINS, 'i / 7')},
        ${bool('i % 7 <> 0')}, case when i % 1000 = 0 then 'super_admin' else 'user' end,
        'a' || ((i - 1) % ${sql.lit(accounts)} + 1), ${bool('i % 97 = 0')}, ${ago(dialect, userAgo)}, ${ago(dialect, '0')} from s`.execute(db);
    await sql`with ${series(dialect, accounts)}
      insert into accounts (id, name, owner_id, created_at, updated_at)
      select 'a' || i, 'Account ' || i, 'u' || i, ${ago(dialect, userAgo)}, ${ago(dialect, '0')} from s`.execute(db);
    await sql`with ${series(dialect, users)}
      insert into account_members (account_id, user_id, role, joined_at)
      select 'a' || ((i - 1) % ${sql.lit(accounts)} + 1), 'u' || i,
        case when i <= ${sql.lit(accounts)} then 'account_owner' else 'member' end, ${ago(dialect, userAgo)} from s
      union all
      select 'a' || ((i * 7) % ${sql.lit(accounts)} + 1), 'u' || i, 'member', ${ago(dialect, userAgo)} from s
      where i % 10 = 3 and (i * 7) % ${sql.lit(accounts)} <> (i - 1) % ${sql.lit(accounts)}`.execute(db);
    const insertOrders = sql`with ${series(dialect, orders)}
      insert into domain_orders (id, kind, account_id, user_id, domain, tld, years, price_cents, total_cents, status,
        error, created_at, updated_at)
      select 'o' || i, case when i % 5 = 4 then 'renewal' else 'registration' end, 'a' || ${sql.raw(account)}, 'u' || ${sql.raw(account)},
        ${label} || '.' || ${pickSql(TLDS, 'i / 7')}, ${pickSql(TLDS, 'i / 7')}, ${sql.raw(years)}, ${sql.raw(price)},
        ${sql.raw(`${price} * ${years}`)}, ${status},
        case when i % 10 = 6 then 'The registrar refused the registration.' end,
        ${ago(dialect, `(i * 7919) % ${spreadSeconds}`)}, ${ago(dialect, '0')} from s`;
    if (dialect === 'postgres') {
      // Row by row, the counting triggers make this insert take minutes: seed without triggers, then count
      // once as migrations 0012 and 0017 do for existing orders.
      await sql`set session_replication_role = replica`.execute(db);
      await insertOrders.execute(db);
      await sql`set session_replication_role = origin`.execute(db);
      await sql`insert into domain_order_day_counts (day, status, order_count)
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), status, count(*) from domain_orders group by 1, 2`.execute(db);
      await sql`insert into domain_order_status_counts (status, order_count) select status, count(*) from domain_orders group by status`.execute(db);
      await sql`insert into domain_order_account_counts (account_id, status, order_count)
        select account_id, status, count(*) from domain_orders group by account_id, status`.execute(db);
      // As autovacuum would have by now: index-only scans need the visibility map.
      await sql`vacuum analyze`.execute(db);
    } else {
      await insertOrders.execute(db);
      await sql`analyze`.execute(db);
    }
  });
}
