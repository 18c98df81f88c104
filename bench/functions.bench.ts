/**
 * Load benchmark of the callable functions against the generated data set.
 *
 *   npm run bench:generate            (once)
 *   npm run bench -- [--duration 15] [--warmup 3] [--connections 50] [--file ...] [--email ...] [--auth cookie|bearer]
 *                    [--only listMyTickets,getDashboard,listDomains]
 *
 * Starts the real app (buildApp, SQLite on the generated file, logger off, no workers) and a
 * bare Fastify {hello:'world'} route in this process, signs the bench user in once through
 * POST /api/auth/sign-in/email, and drives each route with autocannon from a child process
 * (bench/loadRunner.ts). Prints requests/s, p50 and p99, each function's throughput as a
 * share of the bare route, and PASS/FAIL against the targets. It reports; it never asserts.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { openDatabase } from '../src/server/db/connection.ts';
import { handlers } from '../src/server/features/functions.ts';
import { BENCH_EMAIL, DEFAULT_DATABASE_FILE, positiveNumber, readFlags } from './benchFlags.ts';
import { non200Count, printTable as printRows, runLoad, signIn, startBareRoute, startLoadRunner, startPortal as startApp } from './benchServer.ts';
import type { LoadJob, LoadResult } from './loadRunner.ts';

/** Targets: each function keeps at least this share of the bare route's requests/s ... */
const MIN_SHARE_OF_BARE = 0.3;
/** ... and this 99th-percentile latency. */
const MAX_P99_MS = 25;

interface Route {
  /** The function's name, or a label when one function is measured with several inputs. */
  name: string;
  job: Omit<LoadJob, 'connections' | 'durationSeconds'>;
  isFunction: boolean;
}

interface Measured { route: Route; result: LoadResult; serverCpuPercent: number }

const flags = readFlags(process.argv.slice(2), {
  file: DEFAULT_DATABASE_FILE, duration: '15', warmup: '3', connections: '50', email: BENCH_EMAIL, auth: 'cookie', only: '',
});
/** --only listMyTickets,getDashboard measures just those functions (the bare route always runs: it is the yardstick). */
const only = new Set(flags.only.split(',').map((n) => n.trim()).filter(Boolean));
const durationSeconds = positiveNumber(flags, 'duration');
const warmupSeconds = positiveNumber(flags, 'warmup');
const connections = Math.floor(positiveNumber(flags, 'connections'));
if (flags.auth !== 'cookie' && flags.auth !== 'bearer') throw new Error('--auth must be cookie or bearer');
const authMode = flags.auth as 'cookie' | 'bearer';

/** One request per route before the load, so a wrong setup fails loudly instead of measuring errors. */
async function probe(route: Route): Promise<string> {
  const response = await fetch(route.job.url, { method: route.job.method, headers: route.job.headers, body: route.job.body });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${route.name} answered ${response.status}: ${text.slice(0, 300)}`);
  const json = JSON.parse(text) as { result?: Record<string, unknown> };
  const result = json.result;
  if (!result) return text;
  if (Array.isArray(result.tickets)) return `${result.tickets.length} tickets, nextCursor ${result.nextCursor ? 'set' : 'null'}`;
  if (Array.isArray(result.domains)) {
    const first = result.domains[0] as { domain: string; status: string; expirationDate: string | null } | undefined;
    return `${result.domains.length} domains of ${String(result.matching)} matching, nextCursor ${result.nextCursor ? 'set' : 'null'}, `
      + `summary ${JSON.stringify(result.summary)}, first ${first ? `${first.domain} (${first.status}, expires ${first.expirationDate})` : 'none'}`;
  }
  if ('openTicketCount' in result) {
    return `account "${(result.account as { name: string }).name}", ${String(result.openTicketCount)} open tickets, `
      + `last invoice ${result.lastInvoice ? 'present' : 'none'}`;
  }
  return text.slice(0, 120);
}

async function measure(runner: ChildProcess, route: Route): Promise<Measured> {
  console.log(`\n${route.name}: warm-up ${warmupSeconds} s, then ${durationSeconds} s at ${connections} connections`);
  await runLoad(runner, { ...route.job, connections, durationSeconds: warmupSeconds });
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await runLoad(runner, { ...route.job, connections, durationSeconds });
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore)) * 100;
  console.log(`  ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, `
    + `${result.totalRequests} requests, non-200 ${non200Count(result)}, errors ${result.errors}`);
  return { route, result, serverCpuPercent };
}

function printTable(measured: Measured[]) {
  const bare = measured.find((m) => !m.route.isFunction)!.result.requestsPerSecond;
  const rows = measured.map(({ route, result, serverCpuPercent }) => {
    const share = result.requestsPerSecond / bare;
    const non200 = non200Count(result);
    const failures = non200 + result.errors + result.timeouts;
    const verdict = !route.isFunction ? 'baseline'
      : share >= MIN_SHARE_OF_BARE && result.p99Ms < MAX_P99_MS && failures === 0 ? 'PASS' : 'FAIL';
    return [route.name, Math.round(result.requestsPerSecond).toLocaleString('en'), `${result.p50Ms} ms`, `${result.p99Ms} ms`,
      `${(share * 100).toFixed(1)} %`, String(non200), String(result.errors + result.timeouts),
      `${Math.round(serverCpuPercent)} % / ${Math.round(result.loadCpuPercent)} %`, verdict];
  });
  printRows(['route', 'requests/s', 'p50', 'p99', '% of bare', 'non-200', 'errors', 'cpu server/load', 'target'], rows);
  console.log(`\nTarget per function: >= ${MIN_SHARE_OF_BARE * 100} % of the bare route's requests/s, p99 < ${MAX_P99_MS} ms, `
    + 'every response 200.');
  for (const { route, result } of measured) {
    const failed = Object.entries(result.statusCodes).filter(([code]) => code !== '200');
    if (failed.length || result.errors) {
      console.log(`${route.name}: non-200 ${failed.map(([c, n]) => `${c} x${n}`).join(', ') || 'none'}, `
        + `connection errors ${result.errors} (timeouts ${result.timeouts})`);
    }
  }
}

async function startPortal(file: string) {
  const database = openDatabase({ sqliteFile: file, dataDir: dirname(file) });
  const portal = await startApp(database, dirname(file));
  return {
    url: portal.url,
    database,
    async close() {
      await portal.close();
      await database.close();
    },
  };
}

async function main() {
  const file = flags.file;
  if (!existsSync(file)) throw new Error(`${file} does not exist; run npm run bench:generate first`);
  console.log(`node ${process.version}, ${availableParallelism()} CPUs; server in this process (pid ${process.pid}), `
    + `autocannon in a child process; database ${file}`);
  // Other busy processes on the machine skew every number; say so next to the results.
  const [load1] = loadavg();
  console.log(`load average ${load1.toFixed(2)}${load1 > 1 ? ' (the machine is busy: expect lower, noisier numbers)' : ''}`);
  const names = new Set(handlers.map((h) => h.contract.name));
  const bare = await startBareRoute();
  const portal = await startPortal(file);
  const runner = startLoadRunner();
  try {
    const routes: Route[] = [{ name: 'bare Fastify GET /', isFunction: false, job: { url: bare.url, method: 'GET', headers: {} } }];
    const benched = ['listMyTickets', 'getDashboard', 'listDomains'];
    const missing = benched.filter((n) => !names.has(n));
    if (missing.length) console.log(`not registered yet, skipped: ${missing.join(', ')}`);
    if (missing.length < benched.length) {
      const auth = await signIn(portal.url, flags.email, authMode);
      const user = await portal.database.db.selectFrom('users').select(['active_account_id']).where('email', '=', flags.email)
        .executeTakeFirstOrThrow();
      const headers = { ...auth, 'content-type': 'application/json' };
      const call = (fn: string, data: unknown, label = fn): Route => ({
        name: label, isFunction: true,
        job: { url: `${portal.url}/api/fn/${fn}`, method: 'POST', headers, body: JSON.stringify({ data }) },
      });
      const wanted = (name: string) => names.has(name) && (only.size === 0 || only.has(name));
      if (wanted('listMyTickets')) routes.push(call('listMyTickets', {}));
      if (wanted('getDashboard')) routes.push(call('getDashboard', { accountId: user.active_account_id }));
      // The bench account holds 10,000 domains: the default page (newest registrations first), and
      // the expired ones by expiry, newest first (the filter a customer uses to find lapsed names).
      if (wanted('listDomains')) {
        routes.push(call('listDomains', { accountId: user.active_account_id }));
        routes.push(call('listDomains', { accountId: user.active_account_id, sortBy: 'expirationDate', status: 'expired' }, 'listDomains expired by expiry'));
      }
      console.log(`signed in as ${flags.email} (${flags.auth}); active account ${user.active_account_id}`);
    }
    for (const route of routes) console.log(`probe ${route.name}: ${await probe(route)}`);
    const measured: Measured[] = [];
    for (const route of routes) measured.push(await measure(runner, route));
    printTable(measured);
  } finally {
    runner.disconnect();
    await portal.close();
    await bare.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
