import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { jobPolicyOf } from './jobPolicy.ts';
import { createLocalStore } from './localStore.ts';
import { type Clock, systemClock } from '../clock.ts';
import type { JobQueue, SendOptions } from './queue.ts';
import { fireDueSchedules, saveSchedule } from './schedules.ts';
import { createWorkerPool } from './workerPool.ts';

export interface LocalQueueOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Due times, retries, time-outs and schedules: tests move it instead of sleeping. */
  clock?: Clock;
  /** How often an idle loop polls (default 1 s); sends in this process wake it at once. */
  pollMs?: number;
  /** How long stop() waits for running jobs (default 10 s). */
  stopTimeoutMs?: number;
  /** How often expired leases are looked for (default 10 s). */
  expireCheckMs?: number;
  afterPass?: () => void;
}

/**
 * The embedded mode's queue: jobs live in the `jobs` table and an in-process pool claims them.
 * A claim's lease is its time-out: a job whose process died is retried by another worker, so
 * handlers must be idempotent.
 */
export function createLocalQueue(options: LocalQueueOptions): JobQueue {
  const { db, log } = options;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const store = createLocalStore(db, now);
  const pool = createWorkerPool({
    store, log, now,
    pollMs: options.pollMs ?? 1000,
    stopTimeoutMs: options.stopTimeoutMs ?? 10_000,
    expireCheckMs: options.expireCheckMs ?? 10_000,
    onTick: () => fireDueSchedules({ db, now: now(), log, send: (name, payload, tx) => queue.send(name, payload, { tx }) }),
    afterPass: options.afterPass,
  });

  const queue: JobQueue = {
    async send(name, payload, sendOptions: SendOptions = {}) {
      const policy = jobPolicyOf(sendOptions);
      const id = randomUUID();
      const at = new Date(now().getTime() + (sendOptions.startAfterSeconds ?? 0) * 1000).toISOString();
      // The unique index on unfinished singleton keys turns a taken key into "no row", also in the caller's transaction.
      const inserted = await (sendOptions.tx?.db ?? db).insertInto('jobs').values({
        id, queue: name, payload: JSON.stringify(payload),
        retry_limit: policy.retryLimit, retry_delay_seconds: policy.retryDelaySeconds, retry_backoff: policy.retryBackoff,
        timeout_seconds: policy.timeoutSeconds, singleton_key: sendOptions.singletonKey ?? null,
        run_at: at, started_at: null, last_error: null, completed_at: null,
      }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      if (!inserted) return null;
      if (sendOptions.tx) sendOptions.tx.afterCommit(() => { setImmediate(pool.kick); });
      else setImmediate(pool.kick);
      return id;
    },
    async work(name, handler, workOptions) {
      pool.register(name, handler, workOptions);
    },
    async schedule(name, cron, payload) {
      await saveSchedule(db, name, cron, payload, now());
    },
    runAlongside(loop) {
      pool.attach(loop);
    },
    async start() {
      pool.start();
    },
    stop: () => pool.stop(),
    queueStats: () => store.stats(),
  };
  return queue;
}
