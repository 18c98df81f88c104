/**
 * getSystemStats (the back-office dashboard) over many users and orders: seeds them in SQL
 * (bench/seedUsersAndOrders.ts),
 * then times the service's queries. Prints numbers only.
 * Usage: node --import tsx bench/systemStats.bench.ts [--users 100000] [--orders 1000000] [--runs 30]
 *   [--database-url postgres://postgres@127.0.0.1:5432/test] (a fresh schema of its own, dropped afterwards)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { systemClock } from '../src/server/clock.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { systemStats } from '../src/server/features/admin/dashboard/statsService.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';
import { seedUsersAndOrders } from './seedUsersAndOrders.ts';

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
  await seedUsersAndOrders(db, dialect, { users: USERS, orders: ORDERS, accounts: ACCOUNTS, spreadSeconds: SPREAD_SECONDS });
  console.log(`${dialect}: seeded ${USERS} users, ${ORDERS} orders in ${Math.round(performance.now() - seedStart)} ms`);

  await systemStats({ db, clock: systemClock });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await systemStats({ db, clock: systemClock });
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
