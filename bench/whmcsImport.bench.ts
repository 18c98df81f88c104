/**
 * importWhmcsDomains over HTTP against the real app (bench/benchServer.ts), 100,000 rows by
 * default (bench/whmcsImportData.ts), on SQLite and, with --pg (default TEST_DATABASE_URL), on
 * PostgreSQL in a schema of its own. Each dialect starts from an empty migrated database with the
 * accounts seeded, then times separately: the preview, the first apply (creates) and a second
 * apply of the same file (updates: the import is idempotent by name). It also prints the longest
 * event-loop stall seen during each call (server and client share this process), and the heap.
 *
 *   npm run bench:whmcs-import -- [--rows 100000] [--accounts 2000] [--pg postgres://...|none]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import type { WhmcsImportSummary } from '../src/common/admin/whmcsImport/contract.ts';
import { passwordHasher } from '../src/server/auth/password.ts';
import { type DatabaseHandle, openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { BENCH_PASSWORD, positiveNumber, readFlags } from './benchFlags.ts';
import { printTable, signIn, startPortal } from './benchServer.ts';
import { seedImportAccounts, whmcsImportCsv } from './whmcsImportData.ts';

const flags = readFlags(process.argv.slice(2), { rows: '100000', accounts: '2000', pg: process.env.TEST_DATABASE_URL ?? 'none' });
const rows = Math.floor(positiveNumber(flags, 'rows'));
const accounts = Math.floor(positiveNumber(flags, 'accounts'));
const ADMIN_EMAIL = 'whmcs-bench-admin@example.test';

const csvText = whmcsImportCsv(rows, accounts);
const body = JSON.stringify({ data: { csvText, mode: 'preview' } });
console.log(`${rows.toLocaleString('en')} rows, ${accounts.toLocaleString('en')} accounts; CSV ${(Buffer.byteLength(csvText) / 2 ** 20).toFixed(1)} MB, `
  + `request ${(Buffer.byteLength(body) / 2 ** 20).toFixed(1)} MB; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

async function seedAdmin(database: DatabaseHandle) {
  const now = new Date().toISOString();
  await database.db.insertInto('users').values({
    id: 'whmcs-bench-admin', name: 'Bench Admin', email: ADMIN_EMAIL, email_verified: true, role: 'super_admin', created_at: now, updated_at: now,
  }).execute();
  await database.db.insertInto('auth_identity').values({
    id: 'whmcs-bench-admin-credential', account_id: 'whmcs-bench-admin', provider_id: 'credential', user_id: 'whmcs-bench-admin',
    password: await passwordHasher(2 ** 17).hash(BENCH_PASSWORD), created_at: now, updated_at: now,
  }).execute();
}

interface Timed { label: string; ms: number; stallMs: number; heapMb: number; summary: WhmcsImportSummary }

async function call(url: string, headers: Record<string, string>, label: string, mode: 'preview' | 'apply'): Promise<Timed> {
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const started = performance.now();
  const response = await fetch(`${url}/api/fn/importWhmcsDomains`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ data: { csvText, mode } }),
  });
  const answer = await response.json() as { result?: { summary: WhmcsImportSummary }; error?: unknown };
  const ms = performance.now() - started;
  stalls.disable();
  if (!answer.result) throw new Error(`${label} answered ${response.status}: ${JSON.stringify(answer.error)}`);
  return { label, ms, stallMs: stalls.max / 1e6, heapMb: process.memoryUsage().heapUsed / 2 ** 20, summary: answer.result.summary };
}

async function benchDialect(name: string, database: DatabaseHandle, dataDir: string) {
  await migrateToLatest(database.db);
  await seedImportAccounts(database.db, accounts);
  await seedAdmin(database);
  const portal = await startPortal(database, dataDir);
  try {
    const headers = await signIn(portal.url, ADMIN_EMAIL, 'bearer');
    const results = [
      await call(portal.url, headers, 'preview', 'preview'),
      await call(portal.url, headers, 'apply (creates)', 'apply'),
      await call(portal.url, headers, 'apply again (updates)', 'apply'),
    ];
    printTable([name, 'wall', 'longest stall', 'created', 'updated', 'skipped', 'errors', 'heap'], results.map((r) => [
      r.label, `${(r.ms / 1000).toFixed(2)} s`, `${r.stallMs.toFixed(0)} ms`, String(r.summary.createdDomains), String(r.summary.updatedDomains),
      String(r.summary.skippedDomains), String(r.summary.errors.length), `${r.heapMb.toFixed(0)} MB`,
    ]));
    const held = await database.db.selectFrom('domains').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    console.log(`${name}: ${Number(held.n).toLocaleString('en')} domains held after both applies`);
  } finally {
    await portal.close();
  }
}

const sqliteDir = mkdtempSync(join(tmpdir(), 'portal-bench-whmcs-'));
try {
  const database = openDatabase({ dataDir: sqliteDir });
  await benchDialect('SQLite', database, sqliteDir);
  await database.close();
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}

if (flags.pg !== 'none') {
  const schema = `bench_whmcs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: flags.pg });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-whmcs-pg-'));
  try {
    const database = openDatabase({ databaseUrl: flags.pg, pgSchema: schema });
    await benchDialect('PostgreSQL', database, dataDir);
    await database.close();
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
