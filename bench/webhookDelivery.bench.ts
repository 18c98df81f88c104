/**
 * Webhook delivery (issue 9): 10,000 events fanned out to 10 webhooks (100,000 signed requests)
 * on a local receiver, on SQLite and on PostgreSQL, through the real engine (dispatcher, leased
 * deliverer, guarded HTTP client, batched attempt log).
 *
 *   npm run bench:webhooks -- [--dialect sqlite|pg|both] [--events 10000] [--webhooks 10]
 *     [--rate 0] [--concurrency 64] [--workers 1] [--database-url postgres://postgres@127.0.0.1:5432/test]
 *
 * --rate 0 writes every event at once (a burst: measures how fast the engine drains);
 * --rate N writes N events a second in steps of 100 ms (steady traffic: measures latency).
 * --workers N (PostgreSQL) runs N engine processes on the database, as scaled workers do.
 * The receiver runs in a child process and answers 200 at once. Prints deliveries per second
 * (first event committed to last delivery recorded) and the p50/p99 from an event's created_at
 * to its first attempt being recorded. It reports; it never asserts.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { inTransaction } from '../src/server/db/transaction.ts';
import { parseAllowList } from '../src/server/features/events/outbound/addressPolicy.ts';
import { recordEvent } from '../src/server/events/recordEvent.ts';
import { createDeliveryEngine } from '../src/server/features/events/engine/engine.ts';
import { insertFlow, insertWebhook } from '../test/support/events/engine.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';

const flags = readFlags(process.argv.slice(2), {
  dialect: 'both', events: '10000', webhooks: '10', rate: '0', concurrency: '64', workers: '1',
  'database-url': 'postgres://postgres@127.0.0.1:5432/test',
});
const eventCount = Math.floor(positiveNumber(flags, 'events'));
const webhookCount = Math.floor(positiveNumber(flags, 'webhooks'));
const concurrency = Math.floor(positiveNumber(flags, 'concurrency'));
const rate = Number(flags.rate);
/** Engine processes on PostgreSQL: this one, plus child processes (bench/webhookEngineProcess.ts). */
const workers = Math.floor(positiveNumber(flags, 'workers'));
if (!Number.isFinite(rate) || rate < 0) throw new Error('--rate must be 0 (burst) or events per second');

const RECEIVER = `
const http = require('node:http');
const server = http.createServer((req, res) => { req.resume(); req.on('end', () => res.end('ok')); });
server.keepAliveTimeout = 120000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function startReceiver() {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => child.kill(),
    /** CPU seconds the receiver used (Linux /proc, clock ticks of 10 ms). */
    cpuSeconds() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
  };
}

async function startEngineProcess(schema: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'webhookEngineProcess.ts'), flags['database-url'], schema, String(concurrency)],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return {
    stop: () => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); }),
    cpuSeconds() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
  };
}

async function openBenchDatabase(dialect: 'sqlite' | 'pg'): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; schema?: string }> {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
    return { handle: openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const url = flags['database-url'];
  const schema = `bench_wh_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  return { handle: openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 10 }), drop: () => admin(`drop schema ${schema} cascade`), schema };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function writeEvents(handle: DatabaseHandle, count: number) {
  await inTransaction(handle.db, async (tx) => {
    for (let i = 0; i < count; i += 1) {
      await recordEvent(tx, { type: 'domain.renewed', accountId: `acc-${i % 100}`, payload: { domain: `d${i}.example.com`, years: 1 }, at: new Date().toISOString() });
    }
  });
}

async function run(dialect: 'sqlite' | 'pg') {
  const { handle, drop, schema } = await openBenchDatabase(dialect);
  const receiver = await startReceiver();
  try {
    await migrateToLatest(handle.db);
    const hooks = [];
    for (let i = 0; i < webhookCount; i += 1) hooks.push((await insertWebhook(handle.db, { url: `${receiver.url}/hook/${i}` })).id);
    await insertFlow(handle.db, { webhookIds: hooks, triggers: [{ eventType: 'domain.*', conditions: [] }] });
    const engine = createDeliveryEngine({
      db: handle.db, dialect: handle.dialect, allow: parseAllowList('127.0.0.1'), log: pino({ level: 'warn' }), concurrency,
    });
    engine.start();
    const others = dialect === 'pg' ? await Promise.all(Array.from({ length: workers - 1 }, () => startEngineProcess(schema!))) : [];
    const expected = eventCount * webhookCount;
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    const receiverBefore = receiver.cpuSeconds();
    if (rate === 0) {
      for (let written = 0; written < eventCount; written += 500) await writeEvents(handle, Math.min(500, eventCount - written));
    } else {
      const perStep = Math.max(1, Math.round(rate / 10));
      let written = 0;
      const writer = (async () => {
        for (let step = 0; written < eventCount; step += 1) {
          const n = Math.min(perStep, eventCount - written);
          await writeEvents(handle, n);
          written += n;
          const next = started + (step + 1) * 100;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
        }
      })();
      await writer;
    }
    const written = Date.now();
    let done = 0;
    while (done < expected) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const row = await handle.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'success').executeTakeFirstOrThrow();
      done = Number(row.n);
      if (Date.now() - started > 600_000) throw new Error(`gave up after 10 minutes at ${done} of ${expected}`);
    }
    const finished = Date.now();
    const cpu = process.cpuUsage(cpuBefore);
    const receiverCpu = receiver.cpuSeconds() - receiverBefore;
    const othersCpu = others.reduce((sum, o) => sum + o.cpuSeconds(), 0);
    await Promise.all(others.map((o) => o.stop()));
    await engine.stop();
    const rows = await handle.db.selectFrom('webhook_delivery_attempts as a').innerJoin('platform_events as e', 'e.id', 'a.event_id')
      .select(['a.created_at as attempted', 'e.created_at as created']).where('a.attempt', '=', 1).execute();
    const latencies = rows.map((r) => new Date(r.attempted).getTime() - new Date(r.created).getTime()).sort((a, b) => a - b);
    const failed = await handle.db.selectFrom('webhook_delivery_attempts').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'success').executeTakeFirstOrThrow();
    return {
      dialect, deliveries: expected, seconds: (finished - started) / 1000, writeSeconds: (written - started) / 1000,
      perSecond: Math.round(expected / ((finished - started) / 1000)),
      engineCpu: (cpu.user + cpu.system) / 1e6 + othersCpu, receiverCpu, processes: 1 + others.length,
      p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1], failedAttempts: Number(failed.n),
    };
  } finally {
    receiver.stop();
    await handle.close();
    await drop();
  }
}

const dialects = flags.dialect === 'both' ? (['sqlite', 'pg'] as const) : [flags.dialect as 'sqlite' | 'pg'];
console.log(`webhook delivery: ${eventCount} events x ${webhookCount} webhooks, ${rate === 0 ? 'all at once' : `${rate} events/s`}, concurrency ${concurrency}, ${availableParallelism()} CPUs`);
for (const dialect of dialects) {
  const r = await run(dialect);
  console.log(`${r.dialect.padEnd(6)} ${r.deliveries} deliveries in ${r.seconds.toFixed(1)} s (events written in ${r.writeSeconds.toFixed(1)} s): `
    + `${r.perSecond} deliveries/s; event to first attempt p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; failed attempts ${r.failedAttempts}; `
    + `CPU: ${r.processes} engine process${r.processes > 1 ? 'es' : ''} ${r.engineCpu.toFixed(1)} s (${Math.round(r.deliveries / r.engineCpu)} deliveries per CPU second), receiver ${r.receiverCpu.toFixed(1)} s`);
}
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
