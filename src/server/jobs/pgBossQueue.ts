import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import { PgBoss } from 'pg-boss';
import type { Database } from '../db/schema.ts';
import { jobPolicyOf } from './jobPolicy.ts';
import { createPgBossStore } from './pgBossStore.ts';
import { moveV10Jobs, retireV10Install } from './pgBossUpgrade.ts';
import { type Clock, systemClock } from '../clock.ts';
import type { JobQueue, SendOptions } from './queue.ts';
import { fireDueSchedules, saveSchedule } from './schedules.ts';
import { createWorkerPool } from './workerPool.ts';

export interface PgBossQueueOptions {
  connectionString: string;
  /** The app's database: sends in a caller's transaction, and schedules. */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** PostgreSQL schema pg-boss keeps its tables in (tests use a throw-away one). */
  schema?: string;
  /** How often an idle worker polls for jobs (default 2 s, as pg-boss). */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs (default 10 s). */
  stopTimeoutMs?: number;
  /**
   * How often pg-boss's supervisor expires the leases of dead workers and refreshes the counts of
   * queueStats() (default 10 s; pg-boss's own default is 60 s).
   */
  superviseSeconds?: number;
  /** The process clock, for time-outs, schedules and stop; job times are PostgreSQL's. */
  clock?: Clock;
  afterPass?: () => void;
  poolSize?: number;
}

/**
 * Every queue is created with pg-boss's `exclusive` policy: at most one job per singleton key
 * queued, retrying or running. A send without a key gets a key of its own (its job id), so
 * keyless jobs never collide with each other in such a queue.
 */
const POLICY = 'exclusive';
const keyOf = (id: string, singletonKey: string | null | undefined) => singletonKey ?? `job:${id}`;

/**
 * The scaled mode's queue: pg-boss 12 on the same PostgreSQL, through its public API only,
 * safe with any number of app and worker processes; the worker loop and schedules are ours
 * (workerPool.ts, schedules.ts), as in the embedded queue. pg-boss needs each queue created
 * before use, so every entry point first makes sure its queue exists (once per process).
 */
export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const { db, log } = options;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const superviseSeconds = options.superviseSeconds ?? 10;
  const schema = options.schema ?? 'pgboss';
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema,
    max: options.poolSize ?? 4,
    application_name: 'portal-jobs',
    // Schedules run from the app's job_schedules table, the same way in both modes.
    schedule: false,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    // Without it pg-boss's passes count jobs but not the oldest due wait queueStats() reports. It
    // also keeps a snapshot per queue and pass: one day of them (pg-boss keeps seven by default).
    persistQueueStats: true,
    queueStatRetentionDays: 1,
  });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));

  const queues = new Map<string, Promise<void>>();
  let started: Promise<unknown> | null = null;

  // Sending needs a started pg-boss too, so a process that only sends (a web process without
  // workers) starts it on first use rather than in start().
  const ready = () => (started ??= (async () => {
    const upgrading = await retireV10Install(db, schema);
    await boss.start();
    if (upgrading) {
      const moved = await moveV10Jobs({ db, boss, schema, ensureQueue: makeQueue, keyOf });
      log.info({ moved, schema }, 'pg-boss 10 install retired; its unfinished jobs moved to pg-boss 12');
    }
  })());

  async function makeQueue(name: string) {
    await boss.createQueue(name, { policy: POLICY });
    // createQueue leaves an existing queue as it is: one made another way would not keep the singleton promise.
    const made = await boss.getQueue(name);
    if (made?.policy !== POLICY) throw new Error(`pg-boss queue ${name} has policy ${made?.policy}, not ${POLICY}`);
  }

  function ensureQueue(name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      created = ready().then(() => makeQueue(name));
      queues.set(name, created);
      created.catch(() => queues.delete(name));
    }
    return created;
  }

  const store = createPgBossStore(boss);
  const pool = createWorkerPool({
    store, log, now,
    pollMs: (options.pollingIntervalSeconds ?? 2) * 1000,
    stopTimeoutMs: options.stopTimeoutMs ?? 10_000,
    expireCheckMs: superviseSeconds * 1000,
    onTick: () => fireDueSchedules({ db, now: now(), log, send: (name, payload, tx) => queue.send(name, payload, { tx }) }),
    afterPass: options.afterPass,
  });

  /** pg-boss runs its INSERT on the given Kysely connection: the caller's transaction. */
  const onConnection = (conn: Kysely<Database>) => ({
    executeSql: async (text: string, values: unknown[] = []) =>
      ({ rows: (await conn.executeQuery(CompiledQuery.raw(text, values))).rows as any[] }),
  });

  const queue: JobQueue = {
    async send(name, payload, sendOptions: SendOptions = {}) {
      const policy = jobPolicyOf(sendOptions);
      await ensureQueue(name);
      const id = randomUUID();
      const sent = await boss.send(name, payload, {
        id,
        singletonKey: keyOf(id, sendOptions.singletonKey),
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: policy.timeoutSeconds,
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.tx ? { db: onConnection(sendOptions.tx.db) } : {}),
      });
      if (sent) {
        if (sendOptions.tx) sendOptions.tx.afterCommit(() => { setImmediate(pool.kick); });
        else setImmediate(pool.kick);
      }
      return sent;
    },
    async work(name, handler, workOptions) {
      await ensureQueue(name);
      pool.register(name, handler, workOptions);
    },
    async schedule(name, cron, payload) {
      await ensureQueue(name);
      await saveSchedule(db, name, cron, payload, now());
    },
    runAlongside(loop) {
      pool.attach(loop);
    },
    async start() {
      await ready();
      pool.start();
    },
    async stop() {
      await pool.stop();
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: false, close: true });
    },
    async queueStats() {
      await ready();
      return store.stats();
    },
  };
  return queue;
}
