import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { localHarness, pgBossHarness, type QueueHarness, START } from './jobQueue.contract.harness.ts';
import { ManualClock } from '../../../test/support/clock.ts';
import type { JobContext } from './queue.ts';

/**
 * The one contract every JobQueue keeps: the local queue on SQLite (and on PostgreSQL, where
 * tests run it too) and pg-boss on PostgreSQL, when TEST_DATABASE_URL is set. Time comes from
 * the harness's clock (and, for pg-boss, moved stored times); real waiting is only short
 * polling for an outcome, or for the queues' own passes where nothing should happen.
 */
const url = process.env.TEST_DATABASE_URL;
const implementations: [string, () => Promise<QueueHarness>][] = [
  ['local queue [sqlite]', () => localHarness('sqlite')],
  ...(url ? [
    ['local queue [postgres]', () => localHarness('postgres')],
    ['pg-boss [postgres]', () => pgBossHarness(url)],
  ] as [string, () => Promise<QueueHarness>][] : []),
];

async function until(check: () => boolean | Promise<boolean>, what = 'condition') {
  const end = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A promise the test resolves, for handlers that must stay running. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => { open = r; });
  return { opened, open };
}

let queueCounter = 0;
const queueName = () => `test-${process.pid}-${++queueCounter}`;

for (const [label, makeHarness] of implementations) {
  describe(`JobQueue contract: ${label}`, () => {
    let h: QueueHarness;
    let gates: ReturnType<typeof gate>[] = [];
    const newGate = () => {
      const g = gate();
      gates.push(g);
      return g;
    };

    beforeAll(async () => { h = await makeHarness(); });
    afterEach(async () => {
      // Hung handlers finish so every queue can stop; their late outcomes must change nothing.
      for (const g of gates) g.open();
      gates = [];
      await h.stopQueues();
      h.clock.set(START);
    });
    afterAll(async () => { await h?.close(); });

    it('hands a sent payload to a worker and completes the job', async () => {
      const name = queueName();
      const q = h.queue();
      const seen: unknown[] = [];
      await q.work<{ n: number }>(name, async (payload, job) => { seen.push({ payload, attempt: job.attempt }); });
      await q.start();
      const id = (await q.send(name, { n: 1 }))!;
      await until(async () => (await h.job(id)).state === 'completed', 'completion');
      expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1 }]);
    });

    it('refuses send options it could not keep, the same way in both modes', async () => {
      const q = h.queue();
      const name = queueName();
      await expect(q.send(name, {}, { timeoutSeconds: 24 * 3600 })).rejects.toThrow('timeoutSeconds must be a whole number from 1 to under 24 hours');
      await expect(q.send(name, {}, { timeoutSeconds: 0 })).rejects.toThrow('timeoutSeconds');
      await expect(q.send(name, {}, { retryLimit: -1 })).rejects.toThrow('retryLimit must be a whole number of at least 0');
      await expect(q.work(name, async () => {}, { concurrency: 0 })).rejects.toThrow('concurrency must be a whole number of at least 1');
      expect(await h.count(name)).toBe(0);
    });

    it('sends from a process that never starts workers; a worker process runs the job', async () => {
      const name = queueName();
      const sender = h.queue();
      const id = (await sender.send(name, { n: 1 }))!;
      expect(await h.job(id)).toMatchObject({ state: 'created', attempt: 0 });
      const worker = h.queue();
      const seen: unknown[] = [];
      await worker.work(name, async (payload) => { seen.push(payload); });
      await worker.start();
      await until(async () => (await h.job(id)).state === 'completed', 'the worker process');
      expect(seen).toEqual([{ n: 1 }]);
    });

    it('makes exactly one job of concurrent singleton sends, inside callers’ transactions too', async () => {
      const name = queueName();
      const q = h.queue();
      const plain = await Promise.all([1, 2, 3, 4].map((n) => q.send(name, { n }, { singletonKey: 'acct-1' })));
      expect(plain.filter(Boolean)).toHaveLength(1);

      // In units of work: a refused send returns null and leaves the caller's transaction usable.
      const inTx = await Promise.all([1, 2, 3, 4].map((n) => inTransaction(h.db, async (tx) => {
        const id = await q.send(name, { n }, { tx, singletonKey: 'acct-2' });
        const other = await q.send(name, { n, other: true }, { tx });
        return { id, other };
      })));
      expect(inTx.filter((r) => r.id)).toHaveLength(1);
      expect(inTx.every((r) => r.other)).toBe(true);
      expect(await h.count(name)).toBe(2 + 4);

      // A rolled-back send leaves the key free; a finished job frees its key.
      await expect(inTransaction(h.db, async (tx) => {
        expect(await q.send(name, {}, { tx, singletonKey: 'acct-3' })).toBeTruthy();
        throw new Error('roll back');
      })).rejects.toThrow('roll back');
      expect(await q.send(name, {}, { singletonKey: 'acct-3' })).toBeTruthy();
      await q.work(name, async () => {}, { concurrency: 4 });
      await q.start();
      const first = plain.find(Boolean)!;
      await until(async () => (await h.job(first)).state === 'completed', 'the singleton job to finish');
      expect(await q.send(name, {}, { singletonKey: 'acct-1' })).toBeTruthy();
    });

    for (const late of ['completes', 'fails'] as const) {
      it(`ignores a worker whose lease expired when it ${late === 'completes' ? 'completes' : 'fails'} late; another worker runs the job`, async () => {
        const name = queueName();
        const attempts = [newGate(), newGate()];
        const started: number[] = [];
        const handler = async (_payload: unknown, job: JobContext) => {
          started.push(job.attempt);
          await attempts[job.attempt - 1].opened;
          if (job.attempt === 1 && late === 'fails') throw new Error('late failure');
        };
        // A worker that stalls (its clock stands still, as in a long pause) and one that carries on.
        const stalled = h.queue({ clock: new ManualClock(h.clock.now()) });
        await stalled.work(name, handler);
        const id = (await stalled.send(name, {}, { timeoutSeconds: 60, retryLimit: 2 }))!;
        await stalled.start();
        await until(() => started.length === 1, 'attempt 1');

        const other = h.queue();
        await other.work(name, handler);
        await other.start();
        await h.polled();
        expect(started).toEqual([1]);
        await h.passTime(61);
        await until(() => started.length === 2, "attempt 2 on the other worker");
        expect(await h.job(id)).toMatchObject({ state: 'active', attempt: 2 });

        attempts[0].open();
        await stalled.stop(); // returns once its late outcome was written, or refused
        expect(await h.job(id)).toMatchObject({ state: 'active', attempt: 2 });

        attempts[1].open();
        await until(async () => (await h.job(id)).state === 'completed', 'completion by the other worker');
        expect(await h.job(id)).toMatchObject({ state: 'completed', attempt: 2 });
        expect(started).toEqual([1, 2]);
      });
    }

    it('runs a job again on another worker after the lease of a worker killed mid-job', async () => {
      const name = queueName();
      const started: number[] = [];
      const never = newGate();
      // The killed process: it claimed the job and will never report (its clock stops with it).
      const killed = h.queue({ clock: new ManualClock(h.clock.now()) });
      await killed.work(name, async (_p, job) => { started.push(job.attempt); await never.opened; });
      const id = (await killed.send(name, { order: 7 }, { timeoutSeconds: 120, retryLimit: 1 }))!;
      await killed.start();
      await until(() => started.length === 1, 'the claim');

      const survivor = h.queue();
      const done: unknown[] = [];
      await survivor.work(name, async (payload, job) => { done.push({ payload, attempt: job.attempt }); });
      await survivor.start();
      await h.passTime(119);
      await h.polled();
      expect(done).toEqual([]);
      await h.passTime(1);
      await until(async () => (await h.job(id)).state === 'completed', 'the survivor to run it');
      expect(done).toEqual([{ payload: { order: 7 }, attempt: 2 }]);
    });

    it('retries with exponential backoff, jittered as pg-boss documents, and stops at the retry limit', async () => {
      const name = queueName();
      const q = h.queue();
      const attempts: number[] = [];
      await q.work(name, async (_p, job) => {
        attempts.push(job.attempt);
        throw new Error(`boom ${job.attempt}`);
      });
      const id = (await q.send(name, {}, { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true }))!;
      /**
       * After attempt n the delay is 10 s x 2^(n-1) times a random factor from 1 to 2. `before` is
       * read before the attempt could run: the failure's time lies between it and now.
       */
      const failsWithin = async (attempt: number, state: string, delaySeconds: number, before: number) => {
        await until(async () => {
          const job = await h.job(id);
          return job.state === state && job.attempt === attempt;
        }, `attempt ${attempt} to fail`);
        const after = await h.now();
        const { runAfter } = await h.job(id);
        // The local clock stands still while the attempt runs; PostgreSQL's moves on.
        expect(runAfter.getTime()).toBeGreaterThanOrEqual(before + delaySeconds * 1000);
        expect(runAfter.getTime()).toBeLessThanOrEqual(after + 2 * delaySeconds * 1000);
      };
      /** Moves time to the retry's due time, having checked that just before it nothing runs. */
      const untilDue = async () => {
        const seen = attempts.length;
        const wait = (await h.job(id)).runAfter.getTime() - await h.now();
        await h.passTime(Math.max(0, Math.floor(wait / 1000) - 1));
        await h.polled();
        expect(attempts).toHaveLength(seen);
        const before = await h.now();
        await h.passTime(2);
        return before;
      };

      const before = await h.now();
      await q.start();
      await failsWithin(1, 'retry', 10, before);
      await failsWithin(2, 'retry', 20, await untilDue());
      await untilDue();
      await until(async () => (await h.job(id)).state === 'failed', 'the last attempt to fail');
      await h.passTime(3600);
      await h.polled();
      expect(attempts).toEqual([1, 2, 3]);
      expect(await h.job(id)).toMatchObject({ state: 'failed', attempt: 3 });
    });

    it('waits startAfterSeconds before the first attempt', async () => {
      const name = queueName();
      const q = h.queue();
      const seen: number[] = [];
      await q.work(name, async (_p, job) => { seen.push(job.attempt); });
      await q.start();
      const id = (await q.send(name, {}, { startAfterSeconds: 60 }))!;
      await h.polled();
      expect(seen).toEqual([]);
      await h.passTime(60);
      await until(async () => (await h.job(id)).state === 'completed', 'the delayed job');
      expect(seen).toEqual([1]);
    });

    it('counts an attempt that runs past its time-out as failed, aborts it and retries the job', async () => {
      const name = queueName();
      const q = h.queue();
      const hung = newGate();
      const signals: AbortSignal[] = [];
      await q.work(name, async (_p, job) => {
        signals.push(job.signal);
        if (job.attempt === 1) await hung.opened;
      });
      const id = (await q.send(name, {}, { timeoutSeconds: 30, retryLimit: 1 }))!;
      await q.start();
      await until(() => signals.length === 1, 'attempt 1');
      await h.passTime(29);
      await h.polled();
      expect(signals[0].aborted).toBe(false);
      await h.passTime(1);
      await until(async () => (await h.job(id)).state === 'completed', 'attempt 2 to complete');
      expect(signals).toHaveLength(2);
      expect(signals[0].aborted).toBe(true);
      expect(await h.job(id)).toMatchObject({ state: 'completed', attempt: 2 });
      // The timed-out attempt finishing late changes nothing.
      hung.open();
      await q.stop();
      expect(await h.job(id)).toMatchObject({ state: 'completed', attempt: 2 });
    });

    it('keeps as many jobs in flight as the worker’s concurrency, and no more', async () => {
      const name = queueName();
      const q = h.queue();
      const gates = [1, 2, 3, 4, 5].map(() => newGate());
      let running = 0;
      let peak = 0;
      const started: number[] = [];
      await q.work<{ n: number }>(name, async ({ n }) => {
        started.push(n);
        running += 1;
        peak = Math.max(peak, running);
        await gates[n].opened;
        running -= 1;
      }, { concurrency: 3 });
      const ids = await Promise.all([0, 1, 2, 3, 4].map((n) => q.send(name, { n })));
      await q.start();
      await until(() => started.length === 3, 'three jobs in flight');
      await h.polled();
      expect(started).toHaveLength(3);
      gates[started[0]].open();
      await until(() => started.length === 4, 'a fourth job once one finished');
      for (const g of gates) g.open();
      await until(async () => (await Promise.all(ids.map((id) => h.job(id!)))).every((j) => j.state === 'completed'), 'all five');
      expect(peak).toBe(3);
    });

    it('stops gracefully: stops claiming, lets jobs finish within the bound, hands the rest back as a failed attempt', async () => {
      const name = queueName();
      const q = h.queue({ stopTimeoutMs: 5000 });
      const quick = newGate();
      const stuck = newGate();
      const signals = new Map<string, AbortSignal>();
      await q.work<{ kind: 'quick' | 'stuck' }>(name, async ({ kind }, job) => {
        signals.set(kind, job.signal);
        await (kind === 'quick' ? quick : stuck).opened;
      }, { concurrency: 2 });
      const quickId = (await q.send(name, { kind: 'quick' }))!;
      const stuckId = (await q.send(name, { kind: 'stuck' }))!;
      await q.start();
      await until(() => signals.size === 2, 'both running');

      let stopped = false;
      const stopping = q.stop().then(() => { stopped = true; });
      const laterId = (await q.send(name, { kind: 'quick' }))!;
      quick.open();
      await until(async () => (await h.job(quickId)).state === 'completed', 'the quick job to finish during stop');
      expect(stopped).toBe(false);
      await h.passTime(5);
      await stopping;
      expect(signals.get('stuck')!.aborted).toBe(true);
      // Handed back as pg-boss's public API allows: the attempt failed (counted), and without a
      // retry delay the job is due now rather than after its lease.
      const handedBack = await h.job(stuckId);
      expect(handedBack).toMatchObject({ state: 'retry', attempt: 1 });
      expect(handedBack.runAfter.getTime()).toBeLessThanOrEqual(await h.now());
      expect(await h.job(laterId)).toMatchObject({ state: 'created', attempt: 0 });

      const next = h.queue();
      const attempts = new Map<string, number>();
      await next.work(name, async (_p, job) => { attempts.set(job.id, job.attempt); }, { concurrency: 2 });
      await next.start();
      await until(async () => (await h.job(stuckId)).state === 'completed' && (await h.job(laterId)).state === 'completed', 'another worker to run them');
      expect(Object.fromEntries(attempts)).toEqual({ [stuckId]: 2, [laterId]: 1 });
    });

    it('reports per queue the waiting, running and failed jobs and how long the oldest due job has waited', async () => {
      const name = queueName();
      const q = h.queue();
      const hold = newGate();
      await q.work<{ kind: string }>(name, async ({ kind }) => {
        if (kind === 'fail') throw new Error('no retries left');
        if (kind === 'run') await hold.opened;
      });
      await q.start();
      const failed = (await q.send(name, { kind: 'fail' }, { retryLimit: 0 }))!;
      await until(async () => (await h.job(failed)).state === 'failed', 'the failure');
      const running = (await q.send(name, { kind: 'run' }))!;
      await until(async () => (await h.job(running)).state === 'active', 'the running job');
      // The only worker slot is taken: these two wait, one due now and one in ten minutes.
      await q.send(name, { kind: 'due' });
      await q.send(name, { kind: 'later' }, { startAfterSeconds: 600 });
      await h.passTime(30);

      const mine = async () => (await q.queueStats()).find((s) => s.queue === name);
      // pg-boss counts on its supervisor's passes: wait for one that saw all four jobs.
      await until(async () => {
        const s = await mine();
        return s?.waiting === 2 && s.running === 1 && s.failed === 1 && s.oldestWaitingSeconds !== null;
      }, 'the figures');
      const stats = (await mine())!;
      expect(stats).toMatchObject({ queue: name, waiting: 2, running: 1, failed: 1 });
      // The deferred job is not due; the due one has waited the 30 s that passed (and no more than
      // the test's own run time on PostgreSQL's clock).
      expect(stats.oldestWaitingSeconds).toBeGreaterThanOrEqual(30);
      expect(stats.oldestWaitingSeconds).toBeLessThan(90);
    });

    it('fires a schedule once per matching minute across processes, from its minute on', async () => {
      const name = queueName();
      const cron = '*/5 * * * *';
      const seen: unknown[] = [];
      const [a, b] = [h.queue(), h.queue()];
      for (const q of [a, b]) {
        await q.schedule(name, cron, { report: 'daily' });
        await q.work(name, async (payload) => { seen.push(payload); });
        await q.start();
      }
      const planned = async () => (await h.db.selectFrom('job_schedules').select('next_run_at')
        .where('name', '=', name).executeTakeFirstOrThrow()).next_run_at;
      // The clock stands at 10:07; the next match is 10:10.
      expect(new Date(await planned()).toISOString()).toBe('2025-03-10T10:10:00.000Z');
      await h.polled();
      expect(seen).toEqual([]);

      await h.passTime(3 * 60);
      await until(() => seen.length === 1, 'the 10:10 run');
      expect(seen).toEqual([{ report: 'daily' }]);
      expect(new Date(await planned()).toISOString()).toBe('2025-03-10T10:15:00.000Z');
      await h.passTime(60);
      await h.polled();
      expect(seen).toHaveLength(1);
      await h.passTime(4 * 60);
      await until(() => seen.length === 2, 'the 10:15 run');
      await h.polled();
      expect(seen).toHaveLength(2);

      // Saving the same schedule again keeps its plan; a new expression replans it.
      await a.schedule(name, cron, { report: 'daily' });
      expect(new Date(await planned()).toISOString()).toBe('2025-03-10T10:20:00.000Z');
      await a.schedule(name, '0 * * * *', { report: 'hourly' });
      expect(new Date(await planned()).toISOString()).toBe('2025-03-10T11:00:00.000Z');
      await expect(a.schedule(name, '* * * * * *', {})).rejects.toThrow('five fields');
      await expect(a.schedule(name, '0 0 31 2 *', {})).rejects.toThrow();
    });
  });
}
