import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connection.ts';

export type TrialDialect = 'postgres' | 'sqlite';

/** Where the trials make their PostgreSQL databases (CRASH_PG_ADMIN_URL): a server the trial may create and drop databases on. */
const ADMIN_URL = process.env.CRASH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TrialDatabase {
  dialect: TrialDialect;
  /** The portal's environment for this database. */
  env: Record<string, string>;
  /** The trial's own connection, opened once the portal has migrated (it reads outcomes and moves job clocks). */
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database per scenario: a PostgreSQL database `crash_<random>`, or an SQLite file in a temporary DATA_DIR. */
export async function createTrialDatabase(dialect: TrialDialect): Promise<TrialDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crash-trial-'));
  let handle: DatabaseHandle | null = null;
  if (dialect === 'postgres') {
    const name = `crash_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      dialect,
      env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
      open: () => {
        if (!handle) {
          handle = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
          // An idle connection the server ends (a restart of PostgreSQL, the drop at the end) must not end the trials.
          if (handle.rawClient?.kind === 'postgres') handle.rawClient.client.on('error', (error) => console.error(`trial database connection: ${error.message}`));
        }
        return handle;
      },
      async drop() {
        await handle?.close();
        await admin(`drop database if exists ${name} with (force)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    dialect,
    env: { DATA_DIR: dataDir },
    open: () => (handle ??= openDatabase({ dataDir })),
    async drop() {
      await handle?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Skips the waits a killed job would otherwise spend before it runs again: its claim's lease
 * (the job's time-out, up to 10 minutes) and then the retry delay. The job's own state machine
 * still decides everything (the lease check finds it expired, fails the attempt, retries it):
 * only its timestamps move into the past, as if that much time had gone by. Only claims made
 * before the kill move: a claim of the restarted process is alive. Answers how many jobs it moved.
 */
export async function fastForwardJobs(handle: DatabaseHandle, queues: string[], killedAt: Date): Promise<number> {
  const { db, dialect } = handle;
  if (dialect === 'postgres') {
    const active = await sql`update pgboss.job set started_on = started_on - make_interval(secs => expire_seconds) - interval '1 second'
      where name = any(${queues}) and state = 'active' and started_on < ${killedAt} and started_on + make_interval(secs => expire_seconds) > now()`.execute(db);
    const waiting = await sql`update pgboss.job set start_after = now()
      where name = any(${queues}) and state in ('created', 'retry') and start_after > now()`.execute(db);
    return Number(active.numAffectedRows ?? 0n) + Number(waiting.numAffectedRows ?? 0n);
  }
  const past = new Date(Date.now() - 24 * 3_600_000).toISOString();
  const now = new Date().toISOString();
  const active = await db.updateTable('jobs').set({ started_at: past })
    .where('queue', 'in', queues).where('state', '=', 'active').where('started_at', '>', past)
    .where('started_at', '<', killedAt.toISOString()).executeTakeFirst();
  const waiting = await db.updateTable('jobs').set({ run_at: now })
    .where('queue', 'in', queues).where('state', 'in', ['created', 'retry']).where('run_at', '>', now).executeTakeFirst();
  return Number(active.numUpdatedRows) + Number(waiting.numUpdatedRows);
}
