/**
 * getSystemStats (the back-office dashboard) over many users and orders: seeds them in SQL,
 * then times the service's queries. Prints numbers only.
 * Usage: node --import tsx bench/systemStats.bench.ts [--users 100000] [--orders 1000000] [--runs 30]
 *   [--database-url postgres://postgres@127.0.0.1:5432/test] (a fresh schema of its own, dropped afterwards)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { systemStats } from '../src/server/features/adminDashboard/statsService.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';

const flags = readFlags(process.argv.slice(2), { users: '100000', orders: '1000000', runs: '30', 'database-url': '' });
const USERS = positiveNumber(flags, 'users');
const ORDERS = positiveNumber(flags, 'orders');
const RUNS = positiveNumber(flags, 'runs');
const url = flags['database-url'];
// Created times spread over 90 days back from now, so the 30-day series holds a third of them.
const SPREAD_SECONDS = 90 * 86_400;
const ACCOUNTS = Math.ceil(USERS / 2);

async function admin(text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

const schema = `bench_${randomBytes(4).toString('hex')}`;
const dataDir = url ? null : mkdtempSync(join(tmpdir(), 'portal-bench-stats-'));
if (dataDir) console.log(dataDir);
if (url) await admin(`create schema ${schema}`);
const database = url ? openDatabase({ databaseUrl: url, pgSchema: schema }) : openDatabase({ dataDir: dataDir! });
const { db, dialect } = database;
try {
  await migrateToLatest(db);
  const seedStart = performance.now();
  if (dialect === 'postgres') await db.connection().execute(async (db) => {
    await sql`insert into users (id, name, email, role, created_at, updated_at)
      select 'u' || i, 'User ' || i, 'u' || i || '@example.test', case when i % 1000 = 0 then 'super_admin' else 'user' end,
        now() - (i % ${sql.lit(SPREAD_SECONDS)}) * interval '1 second', now() from generate_series(1, ${sql.lit(USERS)}) i`.execute(db);
    await sql`insert into accounts (id, name, owner_id) select 'a' || i, 'Account ' || i, 'u' || i from generate_series(1, ${sql.lit(ACCOUNTS)}) i`.execute(db);
    // Row by row, the counting trigger makes this insert take minutes: seed without triggers, then count
    // once as migration 0012 does for existing orders.
    await sql`set session_replication_role = replica`.execute(db);
    await sql`insert into domain_orders (id, kind, account_id, domain, tld, years, price_cents, total_cents, status, created_at, updated_at)
      select 'o' || i, 'registration', 'a' || (i % ${sql.lit(ACCOUNTS)} + 1), 'd' || i || '.com', 'com', 1, 1000, 1000,
        (array['completed','completed','completed','completed','completed','completed','failed','processing','pending_payment','cancelled'])[i % 10 + 1],
        now() - (i % ${sql.lit(SPREAD_SECONDS)}) * interval '1 second', now() from generate_series(1, ${sql.lit(ORDERS)}) i`.execute(db);
    await sql`set session_replication_role = origin`.execute(db);
    await sql`insert into domain_order_day_counts (day, status, order_count)
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), status, count(*) from domain_orders group by 1, 2`.execute(db);
    // As autovacuum would have by now: index-only counts need the visibility map.
    await sql`vacuum analyze`.execute(db);
  });
  else {
    const stamp = (i: string) => sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${i} % ${SPREAD_SECONDS}) || ' seconds')`);
    await sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(USERS)})
      insert into users (id, name, email, role, created_at, updated_at)
      select 'u' || i, 'User ' || i, 'u' || i || '@example.test', case when i % 1000 = 0 then 'super_admin' else 'user' end, ${stamp('i')}, ${stamp('0')} from s`.execute(db);
    await sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(ACCOUNTS)})
      insert into accounts (id, name, owner_id) select 'a' || i, 'Account ' || i, 'u' || i from s`.execute(db);
    await sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(ORDERS)})
      insert into domain_orders (id, kind, account_id, domain, tld, years, price_cents, total_cents, status, created_at, updated_at)
      select 'o' || i, 'registration', 'a' || (i % ${sql.lit(ACCOUNTS)} + 1), 'd' || i || '.com', 'com', 1, 1000, 1000,
        case i % 10 when 6 then 'failed' when 7 then 'processing' when 8 then 'pending_payment' when 9 then 'cancelled' else 'completed' end,
        ${stamp('i')}, ${stamp('0')} from s`.execute(db);
    await sql`analyze`.execute(db);
  }
  console.log(`${dialect}: seeded ${USERS} users, ${ORDERS} orders in ${Math.round(performance.now() - seedStart)} ms`);

  await systemStats({ db });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await systemStats({ db });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`getSystemStats over ${RUNS} runs: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
} finally {
  await database.close();
  if (url) await admin(`drop schema ${schema} cascade`);
  if (dataDir && !process.env.KEEP) rmSync(dataDir, { recursive: true, force: true });
}
