/**
 * The domain inventory under load (issue 19): listManagedDomains over 1,000,000 domains and
 * 10,000 accounts, each filter in each sort, on SQLite and on PostgreSQL.
 *
 *   npm run bench:inventory -- [--dialect sqlite|pg|both] [--duration 5] [--warmup 1] [--connections 20]
 *     [--only "by domain asc,unassigned by expiry asc"] [--domains 1000000] [--accounts 10000]
 *     [--file bench/.data/domain-inventory.sqlite] [--database-url postgres://postgres@127.0.0.1:5432/bench_inventory]
 *
 * Generates the data set once per dialect (bench/domainInventoryData.ts), starts the real app on
 * it (logger off, no workers), signs a super admin in, asks every route once (it must answer 200
 * with a non-empty page, else it is reported FAIL and not loaded), then drives it with autocannon
 * from a child process and prints p50 and p99 per route against p99 < 25 ms, beside the median of
 * requests sent one at a time (a slow query shows there; a busy machine mostly in the p99). It
 * reports; it never asserts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '../src/server/db/connection.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';
import { non200Count, printTable, runLoad, signIn, startLoadRunner, startPortal } from './benchServer.ts';
import { ADMIN_EMAIL, type InventorySizes, postgresDataSet, sqliteDataSet } from './domainInventoryData.ts';
import type { LoadResult } from './loadRunner.ts';

const MAX_P99_MS = 25;
/** The page "load more" reaches after five clicks. */
const DEEP_PAGE = 6;

const flags = readFlags(process.argv.slice(2), {
  dialect: 'both', duration: '5', warmup: '1', connections: '20', only: '', domains: '1000000', accounts: '10000',
  file: join(dirname(fileURLToPath(import.meta.url)), '.data', 'domain-inventory.sqlite'),
  'database-url': 'postgres://postgres@127.0.0.1:5432/bench_inventory',
});
if (!['sqlite', 'pg', 'both'].includes(flags.dialect)) throw new Error('--dialect must be sqlite, pg or both');
const durationSeconds = positiveNumber(flags, 'duration');
const warmupSeconds = positiveNumber(flags, 'warmup');
const connections = Math.floor(positiveNumber(flags, 'connections'));
const only = new Set(flags.only.split(',').map((n) => n.trim()).filter(Boolean));
const sizes: InventorySizes = { domains: positiveNumber(flags, 'domains'), accounts: positiveNumber(flags, 'accounts') };

interface Route { label: string; data: Record<string, unknown> }
type Outcome = { route: Route; serialMs: number; result: LoadResult } | { route: Route; failure: string };

/** Requests sent one at a time, whose median tells a slow query from a busy machine when the loaded p99 misses. */
const SERIAL_REQUESTS = 21;

function routes(): Route[] {
  const filters: [string, Record<string, unknown>][] = [
    ['no filter', {}],
    ['search "ka"', { search: 'ka' }],
    ['search "kalo12"', { search: 'kalo12' }],
    ['registrar manual', { registrar: 'manual' }],
    ['registrar enom', { registrar: 'enom' }],
    ['mode api', { mode: 'api' }],
    ['mode manual', { mode: 'manual' }],
    ['status expired', { status: 'expired' }],
    ['status pending', { status: 'pending' }],
    ['status suspended', { status: 'suspended' }],
    ['account a77', { account: 'a77' }],
    ['unassigned', { account: 'unassigned' }],
    ['unassigned + registrar enom', { account: 'unassigned', registrar: 'enom' }],
    ['status suspended + mode manual', { status: 'suspended', mode: 'manual' }],
  ];
  const list: Route[] = [];
  for (const [label, data] of filters) {
    for (const sortBy of ['domain', 'expiryAt']) {
      for (const sortOrder of ['asc', 'desc']) {
        // Every filter in both orders of the default sort; the other orders on the unfiltered list only, to keep the run short.
        if (label !== 'no filter' && sortOrder === 'desc' && sortBy === 'domain') continue;
        list.push({ label: `${label} by ${sortBy === 'domain' ? 'domain' : 'expiry'} ${sortOrder}`, data: { ...data, sortBy, sortOrder } });
      }
    }
  }
  return list.filter((r) => only.size === 0 || only.has(r.label) || [...only].some((o) => r.label.startsWith(o)));
}

async function benchDialect(runner: ChildProcess, database: DatabaseHandle, dataDir: string): Promise<Outcome[]> {
  const portal = await startPortal(database, dataDir);
  try {
    const headers = { ...(await signIn(portal.url, ADMIN_EMAIL)), 'content-type': 'application/json' };
    const url = `${portal.url}/api/fn/listManagedDomains`;
    const call = async (data: Record<string, unknown>) => {
      const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ data }) });
      const text = await response.text();
      return { status: response.status, text, body: (response.status === 200 ? JSON.parse(text) : {}) as { result?: { domains: unknown[]; pagination: { nextStartAfter: string | null } } } };
    };
    const all = routes();
    // Deep pages: the cursors after five pages, as "load more" sends them.
    for (const base of all.filter((r) => r.label === 'no filter by expiry asc' || r.label === 'unassigned by domain asc')) {
      let startAfter: string | null = null;
      for (let page = 1; page < DEEP_PAGE; page++) {
        const answer = await call(startAfter ? { ...base.data, startAfter } : base.data);
        startAfter = answer.body.result?.pagination.nextStartAfter ?? null;
        if (!startAfter) break;
      }
      if (startAfter) all.push({ label: `${base.label}, page ${DEEP_PAGE}`, data: { ...base.data, startAfter } });
    }
    const outcomes: Outcome[] = [];
    for (const route of all) {
      const probe = await call(route.data);
      if (probe.status !== 200 || !probe.body.result?.domains.length) {
        outcomes.push({ route, failure: `probe answered ${probe.status} ${probe.text.slice(0, 160)}` });
        continue;
      }
      const job = { url, method: 'POST' as const, headers, body: JSON.stringify({ data: route.data }) };
      await runLoad(runner, { ...job, connections, durationSeconds: warmupSeconds });
      const times: number[] = [];
      for (let n = 0; n < SERIAL_REQUESTS; n++) {
        const from = performance.now();
        await call(route.data);
        times.push(performance.now() - from);
      }
      const serialMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
      const result = await runLoad(runner, { ...job, connections, durationSeconds });
      console.log(`${route.label}: one at a time ${serialMs.toFixed(1)} ms; ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, `
        + `non-200 ${non200Count(result)} (load average ${loadavg()[0].toFixed(1)})`);
      outcomes.push({ route, serialMs, result });
    }
    return outcomes;
  } finally {
    await portal.close();
  }
}

function report(dialect: string, outcomes: Outcome[]) {
  const rows = outcomes.map((o) => {
    if ('failure' in o) return [o.route.label, '-', '-', '-', '-', '-', `FAIL (${o.failure})`];
    const { result } = o;
    const pass = result.p99Ms < MAX_P99_MS && non200Count(result) === 0 && result.errors + result.timeouts === 0;
    return [o.route.label, `${o.serialMs.toFixed(1)} ms`, Math.round(result.requestsPerSecond).toLocaleString('en'), `${result.p50Ms} ms`, `${result.p99Ms} ms`,
      String(non200Count(result)), pass ? 'PASS' : 'FAIL'];
  });
  console.log(`\n${dialect}: listManagedDomains, ${durationSeconds} s per route after ${warmupSeconds} s warm-up, ${connections} connections`);
  printTable(['route', 'alone p50', 'requests/s', 'p50', 'p99', 'non-200', 'target'], rows);
}

async function main() {
  console.log(`node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0].toFixed(2)}; `
    + `${sizes.domains.toLocaleString('en')} domains, ${sizes.accounts.toLocaleString('en')} accounts; target p99 < ${MAX_P99_MS} ms`);
  const dialects = flags.dialect === 'both' ? ['sqlite', 'pg'] : [flags.dialect];
  const runner = startLoadRunner();
  try {
    for (const dialect of dialects) {
      const dataDir = dirname(flags.file);
      mkdirSync(dataDir, { recursive: true });
      const log = (line: string) => console.log(line);
      const database = dialect === 'sqlite' ? await sqliteDataSet(flags.file, sizes, log) : await postgresDataSet(flags['database-url'], sizes, log);
      try {
        report(dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', await benchDialect(runner, database, dataDir));
      } finally {
        await database.close();
      }
    }
  } finally {
    runner.disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
