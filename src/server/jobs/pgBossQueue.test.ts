import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/testApp.ts';
import { createPgBossQueue } from './pgBossQueue.ts';
import type { JobQueue } from './queue.ts';

const url = process.env.TEST_DATABASE_URL;
const log = Fastify({ logger: false }).log;

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!url)('pg-boss job queue [postgres]', () => {
  // pg-boss keeps its tables in a throw-away schema of its own.
  const schema = `boss_${randomBytes(5).toString('hex')}`;
  let t: TestApp;
  let queues: JobQueue[] = [];
  const newQueue = () => {
    const q = createPgBossQueue({ connectionString: url!, db: t.services.db, log, schema, pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1, poolSize: 2 });
    queues.push(q);
    return q;
  };
  const jobState = async (id: string) => {
    const { rows } = await sql<{ state: string }>`select state from ${sql.table(`${schema}.job`)} where id = ${id}`.execute(t.services.db);
    return rows[0]?.state;
  };

  beforeAll(async () => { t = await startTestApp('postgres'); });
  afterEach(async () => { await Promise.all(queues.map((q) => q.stop())); queues = []; });
  afterAll(async () => {
    await t.stop();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it('hands a sent payload to the worker and completes the job', async () => {
    const q = newQueue();
    const seen: unknown[] = [];
    await q.work<{ n: number }>('test-basic', async (payload, job) => { seen.push({ payload, attempt: job.attempt }); });
    await q.start();
    const id = await q.send('test-basic', { n: 1 });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1 }]);
    await waitFor(async () => (await jobState(id!)) === 'completed');
  });

  it('retries with exponential backoff and stops at the retry limit', async () => {
    const q = newQueue();
    const attempts: { attempt: number; at: number }[] = [];
    await q.work('test-failing', async (_payload, job) => {
      attempts.push({ attempt: job.attempt, at: Date.now() });
      throw new Error(`boom ${job.attempt}`);
    });
    await q.start();
    const id = await q.send('test-failing', {}, { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true });
    await waitFor(async () => (await jobState(id!)) === 'failed', 20_000);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // pg-boss jitters the doubled delay: 1-2 s, then 2-4 s.
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(950);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(1950);
    await new Promise((r) => setTimeout(r, 1000));
    expect(attempts).toHaveLength(3);
  }, 30_000);

  it('waits startAfterSeconds before the first attempt', async () => {
    const q = newQueue();
    let ranAt = 0;
    await q.work('test-delayed', async () => { ranAt = Date.now(); });
    await q.start();
    const sentAt = Date.now();
    await q.send('test-delayed', {}, { startAfterSeconds: 2 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(ranAt).toBe(0);
    await waitFor(() => ranAt > 0);
    expect(ranAt - sentAt).toBeGreaterThanOrEqual(1950);
  });

  it('keeps one unfinished job per singletonKey, also when sends race', async () => {
    const q = newQueue();
    const sends = await Promise.all([1, 2, 3, 4].map((n) => q.send('test-single', { n }, { singletonKey: 'acct-1' })));
    expect(sends.filter(Boolean)).toHaveLength(1);
    expect(await q.send('test-single', { n: 5 }, { singletonKey: 'acct-2' })).toBeTruthy();
    const seen: number[] = [];
    await q.work<{ n: number }>('test-single', async ({ n }) => { seen.push(n); });
    await q.start();
    await waitFor(() => seen.length === 2);
    const first = sends.find(Boolean)!;
    await waitFor(async () => (await jobState(first)) === 'completed');
    expect(await q.send('test-single', { n: 6 }, { singletonKey: 'acct-1' })).toBeTruthy();
    await waitFor(() => seen.includes(6));
  });

  it('runs a cron schedule with pg-boss’s scheduler', async () => {
    const q = newQueue();
    const seen: unknown[] = [];
    await q.work('test-cron', async (payload) => { seen.push(payload); });
    // Every minute: pg-boss sends when the last matching minute is under 60 s ago, so it fires at once.
    await q.schedule('test-cron', '* * * * *', { report: 'hourly' });
    await q.start();
    await waitFor(() => seen.length >= 1, 20_000);
    expect(seen[0]).toEqual({ report: 'hourly' });
  }, 30_000);

  it('sends from a process that never started workers', async () => {
    const sender = newQueue();
    const id = await sender.send('test-sender', { n: 1 });
    expect(await jobState(id!)).toBe('created');
    const worker = newQueue();
    const seen: unknown[] = [];
    await worker.work('test-sender', async (payload) => { seen.push(payload); });
    await worker.start();
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ n: 1 }]);
  });
});
