import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { nextCronRun } from './cron.ts';
import type { JobHandler, JobQueue, SendOptions } from './queue.ts';

const POLL_MS = 1000;
const LEASE_MS = 5 * 60 * 1000;

/**
 * The embedded mode's queue: jobs live in the `jobs` table and one in-process loop claims them.
 * A claim is a single UPDATE ... RETURNING, atomic under SQLite's single writer; an expired
 * lease (a crash mid-job) makes the job claimable again, so handlers must be idempotent.
 */
export function createLocalQueue(deps: { db: Kysely<Database>; log: FastifyBaseLogger; pollMs?: number; leaseMs?: number }): JobQueue {
  const { db, log } = deps;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const handlers = new Map<string, JobHandler<any>>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let ticking: Promise<void> | null = null;

  async function claim(queue: string) {
    const now = nowIso();
    const next = db.selectFrom('jobs').select('id')
      .where('queue', '=', queue)
      .where((eb) => eb.or([
        eb.and([eb('state', 'in', ['created', 'retry']), eb('run_at', '<=', now)]),
        eb.and([eb('state', '=', 'active'), eb('locked_until', '<', now)]),
      ]))
      .orderBy('run_at').limit(1);
    return db.updateTable('jobs')
      .set((eb) => ({ state: 'active', attempts: eb('attempts', '+', 1), locked_until: new Date(Date.now() + leaseMs).toISOString() }))
      .where('id', '=', (eb) => eb.selectFrom(next.as('n')).select('n.id'))
      .returningAll()
      .executeTakeFirst();
  }

  async function runOne(queue: string, handler: JobHandler<any>): Promise<boolean> {
    const job = await claim(queue);
    if (!job) return false;
    try {
      await handler(JSON.parse(job.payload), { id: job.id, attempt: job.attempts });
      await db.updateTable('jobs').set({ state: 'completed', completed_at: nowIso(), locked_until: null }).where('id', '=', job.id).execute();
    } catch (error) {
      const retriesUsed = job.attempts - 1;
      const canRetry = retriesUsed < job.retry_limit;
      const base = job.retry_delay_seconds;
      const delay = job.retry_backoff ? Math.max(1, base) * 2 ** retriesUsed : base;
      log.warn({ err: error, jobId: job.id, queue, attempt: job.attempts, willRetry: canRetry }, 'job failed');
      await db.updateTable('jobs').set({
        state: canRetry ? 'retry' : 'failed',
        last_error: String(error instanceof Error ? error.message : error).slice(0, 2000),
        run_at: new Date(Date.now() + delay * 1000).toISOString(),
        locked_until: null,
      }).where('id', '=', job.id).execute();
    }
    return true;
  }

  async function fireSchedules() {
    const due = await db.selectFrom('job_schedules').selectAll().where('next_run_at', '<=', nowIso()).execute();
    for (const s of due) {
      const next = nextCronRun(s.cron, new Date()).toISOString();
      // Only the process that moves next_run_at sends the job.
      const moved = await db.updateTable('job_schedules').set({ next_run_at: next })
        .where('name', '=', s.name).where('next_run_at', '=', s.next_run_at as string).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) await queue.send(s.name, JSON.parse(s.payload));
    }
  }

  async function tick() {
    try {
      await fireSchedules();
      for (const [name, handler] of handlers) {
        while (running && (await runOne(name, handler)));
      }
    } catch (error) {
      log.error({ err: error }, 'job loop failed');
    }
  }

  function kick() {
    if (!running || ticking) return;
    ticking = tick().finally(() => {
      ticking = null;
    });
  }

  const queue: JobQueue = {
    async send(name, payload, options: SendOptions = {}) {
      const writer = options.tx?.db ?? db;
      if (options.singletonKey) {
        const existing = await writer.selectFrom('jobs').select('id').where('queue', '=', name)
          .where('singleton_key', '=', options.singletonKey).where('state', 'in', ['created', 'retry', 'active']).executeTakeFirst();
        if (existing) return null;
      }
      const id = randomUUID();
      await writer.insertInto('jobs').values({
        id, queue: name, payload: JSON.stringify(payload),
        retry_limit: options.retryLimit ?? 2,
        retry_delay_seconds: options.retryDelaySeconds ?? 0,
        retry_backoff: options.retryBackoff ? 1 : 0,
        singleton_key: options.singletonKey ?? null,
        run_at: new Date(Date.now() + (options.startAfterSeconds ?? 0) * 1000).toISOString(),
        locked_until: null, last_error: null, completed_at: null,
      }).execute();
      if (options.tx) options.tx.afterCommit(() => { setImmediate(kick); });
      else setImmediate(kick);
      return id;
    },
    async work(name, handler) {
      handlers.set(name, handler);
    },
    async schedule(name, cron, payload) {
      const next = nextCronRun(cron, new Date()).toISOString();
      const values = { cron, payload: JSON.stringify(payload), next_run_at: next };
      await db.insertInto('job_schedules').values({ name, ...values })
        .onConflict((oc) => oc.column('name').doUpdateSet(values)).execute();
    },
    async start() {
      if (running) return;
      running = true;
      timer = setInterval(kick, deps.pollMs ?? POLL_MS);
      timer.unref();
      kick();
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
    },
  };
  return queue;
}
