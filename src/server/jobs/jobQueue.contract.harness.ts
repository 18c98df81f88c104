import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { createLocalQueue } from './localQueue.ts';
import { createPgBossQueue } from './pgBossQueue.ts';
import type { JobQueue } from './queue.ts';
import { ManualClock } from '../../../test/support/clock.ts';
import { adminQuery } from '../../../test/support/postgresAdmin.ts';
import { waitFor } from '../../../test/support/waitFor.ts';

/** Where every test starts: 2025-03-10T10:07:00Z. */
export const START = '2025-03-10T10:07:00.000Z';

export interface StoredJob {
  state: string;
  /** Claims so far (a claim handed back on stop counts too). */
  attempt: number;
  runAfter: Date;
}

/** One JobQueue implementation on one database, as the contract suite drives it. */
export interface QueueHarness {
  /** The app's database, migrated (on PostgreSQL in a throw-away schema). */
  db: Kysely<Database>;
  /** The clock of every queue made without its own. */
  clock: ManualClock;
  queue(options?: { clock?: ManualClock; stopTimeoutMs?: number }): JobQueue;
  /** Time passes: the shared clock moves, and so do times the implementation keeps in its database. */
  passTime(seconds: number): Promise<void>;
  /**
   * Resolves once every started queue has made two full passes (claims, time-outs, leases)
   * since the call: whatever was due then, it has acted on.
   */
  polled(): Promise<void>;
  job(id: string): Promise<StoredJob>;
  /** Unfinished and finished jobs of a queue. */
  count(queue: string): Promise<number>;
  /** The time the implementation stamps jobs with (its clock, or PostgreSQL's now()). */
  now(): Promise<number>;
  /** Stops every queue made so far (between tests). */
  stopQueues(): Promise<void>;
  close(): Promise<void>;
}

const log = Fastify({ logger: false }).log;
export const POLL_MS = 20;

/** A migrated database of the dialect; on PostgreSQL in its own schema, dropped on close. */
async function openTestDatabase(dialect: 'sqlite' | 'postgres'): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (dialect === 'sqlite') {
    const database = openDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database.db);
    return { database, drop: () => database.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url!, `create schema ${schema}`);
  const database = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4 });
  await migrateToLatest(database.db);
  return {
    database,
    async drop() {
      await database.close();
      await adminQuery(url!, `drop schema ${schema} cascade`);
    },
  };
}

export async function localHarness(dialect: 'sqlite' | 'postgres'): Promise<QueueHarness> {
  const { database, drop } = await openTestDatabase(dialect);
  const clock = new ManualClock(START);
  const queues = trackedQueues();
  const { db } = database;
  return {
    db, clock,
    queue(options = {}) {
      return queues.add((afterPass) => createLocalQueue({
        db, log, clock: options.clock ?? clock, afterPass, pollMs: POLL_MS, expireCheckMs: 1000, stopTimeoutMs: options.stopTimeoutMs,
      }));
    },
    async passTime(seconds) {
      clock.advance(seconds * 1000);
    },
    polled: () => queues.polled(),
    async job(id) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { state: row.state, attempt: row.attempts, runAfter: new Date(row.run_at) };
    },
    async count(queue) {
      const row = await db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('queue', '=', queue).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async now() {
      return clock.now().getTime();
    },
    stopQueues: () => queues.stopAll(),
    async close() {
      await queues.stopAll();
      await drop();
    },
  };
}

export async function pgBossHarness(url: string): Promise<QueueHarness> {
  const { database, drop } = await openTestDatabase('postgres');
  const clock = new ManualClock(START);
  const queues = trackedQueues();
  const { db } = database;
  // pg-boss keeps its tables in a throw-away schema of its own. The queue under test uses pg-boss's
  // public API only; this harness alone reads its job table and moves its stored times, to let
  // time pass without waiting (pg-boss's TestClock cannot reach jobs sent on the app's connection).
  const schema = `boss_${randomBytes(5).toString('hex')}`;
  const job = sql.table(`${schema}.job`);
  const stored = async (id: string) => (await sql<{ state: string; retry_count: number; started_on: string | null; start_after: string }>`
    select state, retry_count, started_on, start_after from ${job} where id = ${id}::uuid`.execute(db)).rows[0];
  return {
    db, clock,
    queue(options = {}) {
      return queues.add((afterPass) => createPgBossQueue({
        connectionString: url, db, log, schema, poolSize: 2, clock: options.clock ?? clock, afterPass,
        pollingIntervalSeconds: POLL_MS / 1000, superviseSeconds: 1, stopTimeoutMs: options.stopTimeoutMs,
      }));
    },
    async passTime(seconds) {
      // pg-boss compares its stored times with PostgreSQL's now(): move them back instead of
      // waiting, before the clock moves, so a queue that sees the new time sees them moved too.
      await sql`update ${job} set start_after = start_after - make_interval(secs => ${seconds}),
        started_on = started_on - make_interval(secs => ${seconds}), created_on = created_on - make_interval(secs => ${seconds})`.execute(db);
      clock.advance(seconds * 1000);
    },
    polled: () => queues.polled(),
    async job(id) {
      const row = await stored(id);
      if (!row) throw new Error(`no job ${id}`);
      // retry_count counts claims after the first; started_on is cleared when a claim is handed back.
      return { state: row.state, attempt: row.retry_count + (row.started_on ? 1 : 0), runAfter: new Date(row.start_after) };
    },
    async count(queue) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${job} where name = ${queue}`.execute(db);
      return rows[0].n;
    },
    async now() {
      const { rows } = await sql<{ now: string }>`select now() as now`.execute(db);
      return Date.parse(rows[0].now);
    },
    stopQueues: () => queues.stopAll(),
    async close() {
      await queues.stopAll();
      await drop();
      await adminQuery(url, `drop schema if exists ${schema} cascade`);
    },
  };
}

/** The queues a harness made, each counting the passes it made while started. */
function trackedQueues() {
  const made: { queue: JobQueue; state: { started: boolean; passes: number } }[] = [];
  return {
    add(make: (afterPass: () => void) => JobQueue): JobQueue {
      const state = { started: false, passes: 0 };
      const inner = make(() => { state.passes += 1; });
      const queue: JobQueue = {
        ...inner,
        async start() {
          await inner.start();
          state.started = true;
        },
        async stop() {
          state.started = false;
          await inner.stop();
        },
      };
      made.push({ queue, state });
      return queue;
    },
    async polled() {
      const targets = made.filter((m) => m.state.started).map(({ state }) => ({ state, passes: state.passes + 2 }));
      await waitFor(() => (targets.every((t) => t.state.passes >= t.passes) ? true : undefined), 10_000);
    },
    async stopAll() {
      await Promise.all(made.splice(0).map((m) => m.queue.stop()));
    },
  };
}
