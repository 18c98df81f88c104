import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, startTestApp, type TestApp } from '../../../test/support/testApp.ts';
import { toIso } from '../db/connection.ts';
import { nextCronRun } from './cron.ts';
import { createLocalQueue } from './localQueue.ts';
import type { JobQueue } from './queue.ts';

const log = Fastify({ logger: false }).log;

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeEachDialect('local job queue', (dialect) => {
  let t: TestApp;
  let queues: JobQueue[] = [];
  const newQueue = (extra: { leaseMs?: number } = {}) => {
    const q = createLocalQueue({ db: t.services.db, log, pollMs: 50, ...extra });
    queues.push(q);
    return q;
  };
  const jobRow = (id: string) => t.services.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => { t = await startTestApp(dialect); });
  afterEach(async () => { await Promise.all(queues.map((q) => q.stop())); queues = []; });
  afterAll(async () => { await t.stop(); });

  it('hands a sent payload to the worker and marks the job completed', async () => {
    const q = newQueue();
    const seen: unknown[] = [];
    await q.work<{ n: number }>('test.basic', async (payload, job) => { seen.push({ payload, attempt: job.attempt }); });
    await q.start();
    const id = await q.send('test.basic', { n: 1 });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1 }]);
    await waitFor(async () => (await jobRow(id!)).state === 'completed');
  });

  it('retries with exponential backoff and stops at the retry limit', async () => {
    const q = newQueue();
    const attempts: { attempt: number; at: number }[] = [];
    await q.work('test.failing', async (_payload, job) => {
      attempts.push({ attempt: job.attempt, at: Date.now() });
      throw new Error(`boom ${job.attempt}`);
    });
    await q.start();
    const id = await q.send('test.failing', {}, { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true });
    await waitFor(async () => (await jobRow(id!)).state === 'failed', 10_000);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // Delays of 1 s, then 2 s (doubled).
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(950);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(1950);
    const row = await jobRow(id!);
    expect(row.last_error).toBe('boom 3');
    await new Promise((r) => setTimeout(r, 300));
    expect(attempts).toHaveLength(3);
  });

  it('succeeds on a retry after a failure', async () => {
    const q = newQueue();
    const attempts: number[] = [];
    await q.work('test.flaky', async (_payload, job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) throw new Error('first try fails');
    });
    await q.start();
    const id = await q.send('test.flaky', {}, { retryLimit: 1 });
    await waitFor(async () => (await jobRow(id!)).state === 'completed');
    expect(attempts).toEqual([1, 2]);
  });

  it('waits startAfterSeconds before the first attempt', async () => {
    const q = newQueue();
    let ranAt = 0;
    await q.work('test.delayed', async () => { ranAt = Date.now(); });
    await q.start();
    const sentAt = Date.now();
    await q.send('test.delayed', {}, { startAfterSeconds: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(ranAt).toBe(0);
    await waitFor(() => ranAt > 0);
    expect(ranAt - sentAt).toBeGreaterThanOrEqual(950);
  });

  it('keeps one unfinished job per singletonKey', async () => {
    const q = newQueue();
    const first = await q.send('test.single', { n: 1 }, { singletonKey: 'acct-1' });
    expect(first).toBeTruthy();
    expect(await q.send('test.single', { n: 2 }, { singletonKey: 'acct-1' })).toBeNull();
    expect(await q.send('test.single', { n: 3 }, { singletonKey: 'acct-2' })).toBeTruthy();
    const seen: number[] = [];
    await q.work<{ n: number }>('test.single', async ({ n }) => { seen.push(n); });
    await q.start();
    await waitFor(() => seen.length === 2);
    expect(seen.sort()).toEqual([1, 3]);
    // Once the first has finished, the key is free again.
    await waitFor(async () => (await jobRow(first!)).state === 'completed');
    expect(await q.send('test.single', { n: 4 }, { singletonKey: 'acct-1' })).toBeTruthy();
    await waitFor(() => seen.includes(4));
  });

  it('runs a cron schedule when its time comes and moves to the next matching minute', async () => {
    const q = newQueue();
    const before = new Date();
    await q.schedule('test.cron', '*/5 * * * *', { report: 'daily' });
    const schedule = () => t.services.db.selectFrom('job_schedules').selectAll().where('name', '=', 'test.cron').executeTakeFirstOrThrow();
    const planned = toIso((await schedule()).next_run_at)!;
    expect(planned).toBe(nextCronRun('*/5 * * * *', before).toISOString());
    const seen: unknown[] = [];
    await q.work('test.cron', async (payload) => { seen.push(payload); });
    await q.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
    // Let the schedule come due.
    await t.services.db.updateTable('job_schedules').set({ next_run_at: new Date(Date.now() - 1000).toISOString() })
      .where('name', '=', 'test.cron').execute();
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ report: 'daily' }]);
    const moved = new Date(toIso((await schedule()).next_run_at)!);
    expect(moved.getTime()).toBeGreaterThan(Date.now());
    expect(moved.getUTCMinutes() % 5).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toHaveLength(1);
  });

  it('recovers a job whose lease expired (its process died mid-job) and leaves live leases alone', async () => {
    const sender = newQueue();
    const crashed = await sender.send('test.lease', { n: 'crashed' });
    const busy = await sender.send('test.lease', { n: 'busy' });
    // Another process claimed both; one died (lease in the past), one is still working.
    await t.services.db.updateTable('jobs').set({ state: 'active', attempts: 1, locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', crashed!).execute();
    await t.services.db.updateTable('jobs').set({ state: 'active', attempts: 1, locked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', busy!).execute();
    const seen: { n: string; attempt: number }[] = [];
    await sender.work<{ n: string }>('test.lease', async ({ n }, job) => { seen.push({ n, attempt: job.attempt }); });
    await sender.start();
    await waitFor(() => seen.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([{ n: 'crashed', attempt: 2 }]);
    expect((await jobRow(crashed!)).state).toBe('completed');
    expect((await jobRow(busy!)).state).toBe('active');
  });

  it('a handler that outlives its lease loses the job to another process', async () => {
    const attempts: number[] = [];
    let release!: () => void;
    const hung = new Promise<void>((r) => { release = r; });
    const handler = async (_p: unknown, job: { attempt: number }) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) await hung;
    };
    const stuck = newQueue({ leaseMs: 300 });
    await stuck.work('test.slow', handler);
    const id = await stuck.send('test.slow', {});
    await stuck.start();
    await waitFor(() => attempts.length === 1);
    const other = newQueue({ leaseMs: 300 });
    await other.work('test.slow', handler);
    await other.start();
    await waitFor(() => attempts.length === 2);
    expect(attempts).toEqual([1, 2]);
    await waitFor(async () => (await jobRow(id!)).state === 'completed');
    release();
  });
});
