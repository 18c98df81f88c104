/**
 * Fan-out of live updates: how long from a ticket reply until every open stream on the ticket
 * has its message, and what an open stream costs.
 *
 *   node --import tsx --expose-gc bench/live.bench.ts [--streams 500] [--rounds 50] [--database-url postgres://...]
 *
 * Starts the real app (buildApp) on a fresh SQLite file with the in-process bus, or, given
 * --database-url, in a throw-away PostgreSQL schema with the LISTEN/NOTIFY bus. Opens --streams
 * SSE streams over real connections (fetch, in this process), then posts --rounds replies one
 * after another and times each from sending addTicketReply to the last stream's message. It
 * reports; it never asserts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { liveTopics, livePath } from '../src/common/live.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openLiveStream } from '../test/support/sseClient.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';

const flags = readFlags(process.argv.slice(2), { streams: '500', rounds: '50', 'database-url': '' });
const streamCount = Math.floor(positiveNumber(flags, 'streams'));
const rounds = Math.floor(positiveNumber(flags, 'rounds'));
const databaseUrl = flags['database-url'] || undefined;
const HOST = '127.0.0.1';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-live-bench-'));
  const schema = databaseUrl ? `live_bench_${randomBytes(4).toString('hex')}` : undefined;
  if (schema) await adminQuery(`create schema ${schema}`);
  const database = openDatabase(databaseUrl ? { databaseUrl, pgSchema: schema } : { sqliteFile: join(dataDir, 'portal.sqlite'), dataDir });
  await migrateToLatest(database.db);
  const config = loadConfig({ HOST, DATA_DIR: dataDir, PUBLIC_URL: `http://${HOST}`, LOG_LEVEL: 'silent', FUNCTION_RATE_LIMITS: 'off' }, { passwordHashCost: 2 ** 10 });
  const portal = await buildApp({
    config, database, logger: false,
    liveBus: databaseUrl ? { kind: 'postgres', connectionString: databaseUrl } : { kind: 'memory' },
    liveStreams: { maxStreamsPerUser: streamCount },
  });
  const baseUrl = await portal.app.listen({ port: 0, host: HOST });
  try {
    const token = await signUp(baseUrl);
    const call = async (name: string, data: unknown) => {
      const response = await fetch(`${baseUrl}/api/fn/${name}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ data }),
      });
      if (response.status !== 200) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
      return (await response.json()).result;
    };
    const { account } = await call('createAccount', { accountName: 'Bench Hosting' });
    const { ticketId } = await call('submitTicket', { subject: 'Bench', description: 'Fan-out.', priority: 'low', accountId: account.id });
    const topic = liveTopics.ticket(ticketId);

    global.gc?.();
    const before = process.memoryUsage();
    const opening = performance.now();
    const streams = [];
    for (let i = 0; i < streamCount; i += 50) {
      streams.push(...await Promise.all(Array.from({ length: Math.min(50, streamCount - i) }, () =>
        openLiveStream(baseUrl, livePath(topic), { token }))));
    }
    const openMs = performance.now() - opening;
    if (streams.some((s) => s.status !== 200)) throw new Error(`a stream was refused: ${JSON.stringify(streams.find((s) => s.status !== 200)?.error)}`);
    global.gc?.();
    const after = process.memoryUsage();

    const replyMs: number[] = [];
    const fanOutMs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const arrivals = Promise.all(streams.map((s) => s.next()));
      await call('addTicketReply', { ticketId, body: `Round ${round}` });
      replyMs.push(performance.now() - started);
      await arrivals;
      fanOutMs.push(performance.now() - started);
    }
    for (const s of streams) s.close();

    replyMs.sort((a, b) => a - b);
    fanOutMs.sort((a, b) => a - b);
    console.log(`bus ${portal.services.live.kind} (${database.dialect}), ${streamCount} streams on one ticket, ${rounds} replies`);
    console.log(`opening all streams: ${openMs.toFixed(0)} ms; JS heap +${mib(after.heapUsed - before.heapUsed)} `
      + `(${((after.heapUsed - before.heapUsed) / streamCount / 1024).toFixed(1)} KiB per stream, client and server together${global.gc ? '' : '; run with --expose-gc for a steadier figure'})`);
    console.log(`addTicketReply answered: p50 ${percentile(replyMs, 50).toFixed(1)} ms, p99 ${percentile(replyMs, 99).toFixed(1)} ms`);
    console.log(`last stream had its message: p50 ${percentile(fanOutMs, 50).toFixed(1)} ms, p99 ${percentile(fanOutMs, 99).toFixed(1)} ms`);
  } finally {
    await portal.close();
    await database.close();
    if (schema) await adminQuery(`drop schema ${schema} cascade`);
  }
}

async function signUp(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: `http://${HOST}` },
    body: JSON.stringify({ name: 'Bench Live', email: `live-${randomBytes(4).toString('hex')}@example.com`, password: 'bench-password-2024' }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return (await response.json()).token;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
