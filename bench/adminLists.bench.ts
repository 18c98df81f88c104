/**
 * The back office's lists under load (issue 8): getAllUsers over 100,000 users and getAllOrders
 * over 1,000,000 orders, each filter and sort, on SQLite and on PostgreSQL.
 *
 *   npm run bench:admin-lists -- [--dialect sqlite|pg|both] [--duration 10] [--warmup 2] [--connections 20]
 *     [--only getAllUsers,getAllOrders,"getAllUsers email ma"] [--users 100000] [--orders 1000000] [--accounts 20000]
 *     [--file bench/.data/admin-lists.sqlite] [--database-url postgres://postgres@127.0.0.1:5432/bench_admin]
 *
 * Generates the data set once per dialect (bench/adminListsData.ts; reused while the sizes stay
 * the same), starts the real app on it (logger off, no workers), signs a super admin in, asks
 * every route once (it must answer 200 with a non-empty page, else it is reported FAIL and not
 * loaded), then drives it with autocannon from a child process. Two reference routes come first
 * (`--only reference`): a bare Fastify route and a trivial back-office read, the machine's and
 * the protocol's share of what a list costs. Prints the median of requests
 * sent one at a time, and under load requests/s, p50, p99 and PASS/FAIL against p99 < 25 ms
 * with every response 200. It reports; it never asserts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '../src/server/db/connection.ts';
import { ADMIN_EMAIL, postgresDataSet, sqliteDataSet } from './adminListsData.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';
import { non200Count, printTable, runLoad, signIn, startBareRoute, startLoadRunner, startPortal } from './benchServer.ts';
import type { LoadJob, LoadResult } from './loadRunner.ts';
import { BIG_ACCOUNTS, type SeedSizes } from './seedUsersAndOrders.ts';

const MAX_P99_MS = 25;
/** A page a few pages in, reached by following the cursors as the web app's "load more" does. */
const DEEP_PAGE = 6;
const DAY_MS = 86_400_000;
const SERIAL_REQUESTS = 21;

const flags = readFlags(process.argv.slice(2), {
  dialect: 'both', duration: '10', warmup: '2', connections: '20', only: '',
  users: '100000', orders: '1000000', accounts: '20000',
  file: join(dirname(fileURLToPath(import.meta.url)), '.data', 'admin-lists.sqlite'),
  'database-url': 'postgres://postgres@127.0.0.1:5432/bench_admin',
});
if (!['sqlite', 'pg', 'both'].includes(flags.dialect)) throw new Error('--dialect must be sqlite, pg or both');
const durationSeconds = positiveNumber(flags, 'duration');
const warmupSeconds = positiveNumber(flags, 'warmup');
const connections = Math.floor(positiveNumber(flags, 'connections'));
/** --only takes function names (every route of it) or route labels as printed. */
const only = new Set(flags.only.split(',').map((n) => n.trim()).filter(Boolean));
const sizes: SeedSizes = {
  users: positiveNumber(flags, 'users'),
  orders: positiveNumber(flags, 'orders'),
  accounts: positiveNumber(flags, 'accounts'),
  // About two years of sign-ups and orders.
  spreadSeconds: 2 * 365 * 86_400,
};

interface Route {
  label: string;
  fn: string;
  data: Record<string, unknown>;
  /** A reference route's own request (the bare Fastify route); function routes are POST /api/fn/<fn>. */
  request?: Pick<LoadJob, 'url' | 'method' | 'headers'>;
}

type Outcome =
  | { route: Route; probe: string; serialMs: number; cpuPerRequestUs: number; result: LoadResult }
  | { route: Route; probe: string; failure: string };

interface Answer { status: number; body: { result?: Record<string, unknown> }; text: string }
type Call = (fn: string, data: unknown) => Promise<Answer>;
type Send = (route: Route) => Promise<Answer>;

function log(line: string) {
  console.log(line);
}

function ymd(msAgo: number): string {
  return new Date(Date.now() - msAgo).toISOString().slice(0, 10);
}

/** The page's rows: the first array in the answer (users, orders...). */
function rowsOf(result: Record<string, unknown> | undefined): unknown[] | null {
  const rows = result && Object.values(result).find(Array.isArray);
  return rows ?? null;
}

/** The cursor of the next page, under whichever key the function answers with. */
function nextCursorOf(result: Record<string, unknown> | undefined): string | null {
  if (!result) return null;
  const pagination = result.pagination as Record<string, unknown> | undefined;
  const cursor = result.nextCursor ?? result.nextStartAfter ?? pagination?.nextStartAfter ?? result.lastOrderId;
  return typeof cursor === 'string' && cursor ? cursor : null;
}

function selected(route: Route): boolean {
  return only.size === 0 || only.has(route.fn) || only.has(route.label);
}

function listRoutes(accounts: number): Route[] {
  const users = (label: string, data: Record<string, unknown>): Route => ({ label: `getAllUsers ${label}`, fn: 'getAllUsers', data });
  const orders = (label: string, data: Record<string, unknown>): Route => ({ label: `getAllOrders ${label}`, fn: 'getAllOrders', data });
  const routes: Route[] = [
    users('default', {}),
    users('role super_admin', { globalRole: 'super_admin' }),
    // What the users page sends while an e-mail is typed: the prefix in the e-mail index's order.
    users('email "ma" by email asc', { email: 'ma', sortBy: 'email', sortOrder: 'asc' }),
    users('email "ma" by email desc', { email: 'ma', sortBy: 'email', sortOrder: 'desc' }),
    // Not a page's request (API callers only): every match read and sorted by sign-up date first.
    users('email "ma" by createdAt (API only)', { email: 'ma' }),
  ];
  for (const sortBy of ['createdAt', 'email', 'displayName']) {
    for (const sortOrder of ['asc', 'desc']) routes.push(users(`by ${sortBy} ${sortOrder}`, { sortBy, sortOrder }));
  }
  const range = { dateFrom: ymd(30 * DAY_MS), dateTo: ymd(24 * DAY_MS) };
  for (const sortBy of ['createdAt', 'domain', 'totalPrice']) {
    for (const sortOrder of ['asc', 'desc']) routes.push(orders(`by ${sortBy} ${sortOrder}`, { limit: 25, sortBy, sortOrder }));
  }
  routes.push(
    orders('status failed', { limit: 25, status: 'failed' }),
    orders('status completed', { limit: 25, status: 'completed' }),
    // a1 holds 5 % of all orders; the last account, like most, a few dozen.
    orders('big account', { limit: 25, accountId: 'a1' }),
    orders('small account', { limit: 25, accountId: `a${accounts}` }),
    orders('domain "ka"', { limit: 25, domain: 'ka' }),
    orders('7 days', { limit: 25, ...range }),
    orders('7 days failed', { limit: 25, ...range, status: 'failed' }),
  );
  return routes;
}

/** The deep-page route: the cursor after DEEP_PAGE - 1 pages of the default order. */
async function deepRoute(call: Call, fn: string, data: Record<string, unknown>): Promise<Route | string> {
  let startAfter: string | null = null;
  for (let page = 1; page < DEEP_PAGE; page++) {
    const answer = await call(fn, startAfter ? { ...data, startAfter } : data);
    if (answer.status !== 200) return `page ${page} answered ${answer.status}: ${answer.text.slice(0, 200)}`;
    startAfter = nextCursorOf(answer.body.result);
    if (!startAfter) return `page ${page} answered without a next-page cursor`;
  }
  return { label: `${fn} page ${DEEP_PAGE} (startAfter)`, fn, data: { ...data, startAfter } };
}

/** One request before the load: a route that fails it is reported, not timed. */
async function probe(send: Send, route: Route): Promise<{ ok: boolean; line: string }> {
  const answer = await send(route);
  if (answer.status !== 200) return { ok: false, line: `answered ${answer.status}: ${answer.text.slice(0, 200)}` };
  if (route.fn === 'reference') return { ok: true, line: '200' };
  const rows = rowsOf(answer.body.result);
  if (!rows) return { ok: false, line: `answered 200 without a list: ${answer.text.slice(0, 200)}` };
  if (rows.length === 0) return { ok: false, line: 'answered 200 with an empty page' };
  return { ok: true, line: `200, ${rows.length} rows, next cursor ${nextCursorOf(answer.body.result) ? 'set' : 'none'}` };
}

/**
 * The median of one request at a time: what a call costs without queueing behind 19 others,
 * which tells a slow query from a busy machine when the loaded figures miss.
 */
async function serialMedianMs(send: Send, route: Route): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < SERIAL_REQUESTS; n++) {
    const from = performance.now();
    await send(route);
    times.push(performance.now() - from);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function benchDialect(runner: ChildProcess, database: DatabaseHandle, dataDir: string): Promise<Outcome[]> {
  const portal = await startPortal(database, dataDir);
  const bare = await startBareRoute();
  try {
    const headers = { ...(await signIn(portal.url, ADMIN_EMAIL)), 'content-type': 'application/json' };
    const fnOf = (route: Route) => (route.fn === 'reference' ? 'listOrderSuppliers' : route.fn);
    const job = (route: Route): Omit<LoadJob, 'connections' | 'durationSeconds'> => route.request ?? ({
      url: `${portal.url}/api/fn/${fnOf(route)}`, method: 'POST', headers, body: JSON.stringify({ data: route.data }),
    });
    const send: Send = async (route) => {
      const { url, method, headers: sent, body: data } = job(route);
      const response = await fetch(url, { method, headers: sent, body: data });
      const text = await response.text();
      let body: { result?: Record<string, unknown> } = {};
      try { body = JSON.parse(text) as typeof body; } catch { /* not JSON: the status and text say what happened */ }
      return { status: response.status, body, text };
    };
    const call: Call = (fn, data) => send({ label: fn, fn, data: data as Record<string, unknown> });

    const outcomes: Outcome[] = [];
    // The yardsticks: Fastify alone, and the protocol's fixed cost (session, checks, JSON) around a read of a few rows.
    const routes: Route[] = [
      { label: 'reference bare Fastify GET /', fn: 'reference', data: {}, request: { url: bare.url, method: 'GET', headers: {} } },
      { label: 'reference listOrderSuppliers (trivial back-office read)', fn: 'reference', data: {} },
      ...listRoutes(sizes.accounts),
    ];
    for (const fn of ['getAllUsers', 'getAllOrders']) {
      const deep = await deepRoute(call, fn, fn === 'getAllOrders' ? { limit: 25 } : {});
      if (typeof deep === 'string') {
        const route = { label: `${fn} page ${DEEP_PAGE} (startAfter)`, fn, data: {} };
        if (selected(route)) outcomes.push({ route, probe: deep, failure: 'no cursor' });
      } else routes.push(deep);
    }
    const loaded: { route: Route; probe: string }[] = [];
    for (const route of routes.filter(selected)) {
      const { ok, line } = await probe(send, route);
      log(`probe ${route.label}: ${line}`);
      if (ok) loaded.push({ route, probe: line });
      else outcomes.push({ route, probe: line, failure: 'probe' });
    }
    for (const { route, probe: line } of loaded) {
      await runLoad(runner, { ...job(route), connections, durationSeconds: warmupSeconds });
      const serialMs = await serialMedianMs(send, route);
      // The app runs in this process: its CPU time over the requests served is what a page costs the
      // server, a figure a busy machine disturbs far less than latency (the load runs in the child).
      const cpuBefore = process.cpuUsage();
      const result = await runLoad(runner, { ...job(route), connections, durationSeconds });
      const cpu = process.cpuUsage(cpuBefore);
      const cpuPerRequestUs = (cpu.user + cpu.system) / Math.max(1, result.totalRequests);
      log(`${route.label}: one at a time ${serialMs.toFixed(1)} ms; server CPU ${Math.round(cpuPerRequestUs)} µs a request; `
        + `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, `
        + `non-200 ${non200Count(result)}, errors ${result.errors + result.timeouts} (load average ${loadavg()[0].toFixed(1)})`);
      outcomes.push({ route, probe: line, serialMs, cpuPerRequestUs, result });
    }
    return outcomes;
  } finally {
    await bare.close();
    await portal.close();
  }
}

function report(dialect: string, outcomes: Outcome[]) {
  const order = (o: Outcome) => o.route.label;
  const rows = [...outcomes].sort((a, b) => order(a).localeCompare(order(b))).map((o) => {
    if ('failure' in o) return [o.route.label, '-', '-', '-', '-', '-', '-', '-', `FAIL (${o.failure})`];
    const { result } = o;
    const non200 = non200Count(result);
    const errors = result.errors + result.timeouts;
    const pass = result.p99Ms < MAX_P99_MS && non200 === 0 && errors === 0;
    return [o.route.label, `${o.serialMs.toFixed(1)} ms`, `${Math.round(o.cpuPerRequestUs)} µs`, Math.round(result.requestsPerSecond).toLocaleString('en'),
      `${result.p50Ms} ms`, `${result.p99Ms} ms`,
      String(non200), String(errors), pass ? 'PASS' : 'FAIL'];
  });
  console.log(`\n${dialect}: ${durationSeconds} s per route after ${warmupSeconds} s warm-up, ${connections} connections`);
  printTable(['route', 'alone p50', 'CPU/request', 'requests/s', 'p50', 'p99', 'non-200', 'errors', 'target'], rows);
  for (const o of outcomes) if ('failure' in o) console.log(`${o.route.label}: ${o.probe}`);
}

async function main() {
  console.log(`node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0].toFixed(2)}; `
    + `${sizes.users.toLocaleString('en')} users, ${sizes.orders.toLocaleString('en')} orders, `
    + `${sizes.accounts.toLocaleString('en')} accounts (a1..a${BIG_ACCOUNTS} the big ones); target p99 < ${MAX_P99_MS} ms, every response 200`);
  const dialects = flags.dialect === 'both' ? ['sqlite', 'pg'] : [flags.dialect];
  const runner = startLoadRunner();
  try {
    for (const dialect of dialects) {
      const dataDir = dirname(flags.file);
      mkdirSync(dataDir, { recursive: true });
      const database = dialect === 'sqlite'
        ? await sqliteDataSet(flags.file, sizes, log)
        : await postgresDataSet(flags['database-url'], sizes, log);
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
