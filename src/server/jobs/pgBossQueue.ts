import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema.ts';
import type { JobHandler, JobQueue, SendOptions } from './queue.ts';

export interface PgBossQueueOptions {
  connectionString: string;
  /** The app's database: singleton sends lock and check inside one of its transactions. */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** PostgreSQL schema pg-boss keeps its tables in (tests use a throw-away one). */
  schema?: string;
  /** How often an idle worker polls for jobs (pg-boss default 2 s, minimum 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked (pg-boss default 30 s). */
  cronIntervalSeconds?: number;
  poolSize?: number;
}

/**
 * The scaled mode's queue: pg-boss 10 on the same PostgreSQL, safe with any number of
 * app and worker processes. pg-boss 10 needs each queue created before send/work/schedule,
 * so every entry point first makes sure its queue exists (once per process).
 */
export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const { db, log } = options;
  const schema = options.schema ?? 'pgboss';
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema,
    max: options.poolSize ?? 4,
    application_name: 'portal-jobs',
    ...(options.cronIntervalSeconds
      ? { cronMonitorIntervalSeconds: options.cronIntervalSeconds, cronWorkerIntervalSeconds: options.cronIntervalSeconds }
      : {}),
  });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));

  const handlers = new Map<string, JobHandler<any>>();
  const queues = new Map<string, Promise<void>>();
  let started: Promise<PgBoss> | null = null;
  let working = false;

  // Sending needs a started pg-boss too, so a process that only sends (a web process without
  // workers) starts it on first use rather than in start().
  const ready = () => (started ??= boss.start());

  function ensureQueue(name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      created = ready().then(() => boss.createQueue(name));
      queues.set(name, created);
      created.catch(() => queues.delete(name));
    }
    return created;
  }

  async function attach(name: string, handler: JobHandler<any>) {
    await ensureQueue(name);
    const workOptions = { includeMetadata: true as const, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
    await boss.work<object>(name, workOptions, async ([job]) => {
      const attempt = job.retryCount + 1;
      try {
        await handler(job.data, { id: job.id, attempt });
      } catch (error) {
        log.warn({ err: error, jobId: job.id, queue: name, attempt, willRetry: job.retryCount < job.retryLimit }, 'job failed');
        throw error;
      }
    });
  }

  /** pg-boss runs its INSERT on the given Kysely connection: the caller's transaction or a new one. */
  const onConnection = (conn: Kysely<Database>) => ({
    executeSql: async (text: string, values: unknown[] = []) =>
      ({ rows: (await conn.executeQuery(CompiledQuery.raw(text, values))).rows as any[] }),
  });

  /** pg-boss's singletonKey only dedupes under special queue policies; ours means "one unfinished job per key". */
  async function sendSingleton(conn: Kysely<Database>, name: string, payload: object, sendOptions: PgBoss.SendOptions, key: string) {
    await sql`select pg_advisory_xact_lock(hashtext(${`${schema}:${name}:${key}`}))`.execute(conn);
    const unfinished = await sql`select 1 from ${sql.table(`${schema}.job`)}
      where name = ${name} and singleton_key = ${key} and state < 'completed' limit 1`.execute(conn);
    if (unfinished.rows.length) return null;
    return boss.send(name, payload, { ...sendOptions, db: onConnection(conn) });
  }

  return {
    async send(name, payload, sendOptions: SendOptions = {}) {
      await ensureQueue(name);
      const mapped: PgBoss.SendOptions = {
        retryLimit: sendOptions.retryLimit ?? 2,
        retryDelay: sendOptions.retryDelaySeconds ?? 0,
        retryBackoff: sendOptions.retryBackoff ?? false,
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      };
      const key = sendOptions.singletonKey;
      if (sendOptions.tx) {
        const conn = sendOptions.tx.db;
        return key ? sendSingleton(conn, name, payload, mapped, key) : boss.send(name, payload, { ...mapped, db: onConnection(conn) });
      }
      if (key) return db.transaction().execute((trx) => sendSingleton(trx, name, payload, mapped, key));
      return boss.send(name, payload, mapped);
    },
    async work(name, handler) {
      handlers.set(name, handler);
      if (working) await attach(name, handler);
    },
    async schedule(name, cron, payload) {
      await ensureQueue(name);
      await boss.schedule(name, cron, payload, { tz: 'UTC' });
    },
    async start() {
      if (working) return;
      await ready();
      working = true;
      for (const [name, handler] of handlers) await attach(name, handler);
    },
    async stop() {
      working = false;
      if (!started) return;
      await started.catch(() => undefined);
      // Graceful: running jobs finish (or fail back into retry) before the pool closes.
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}
