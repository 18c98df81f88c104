import { type Kysely, sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/schema.ts';

/**
 * pg-boss 12 refuses the schema pg-boss 10 left ("Cannot migrate pg-boss schema from version 24:
 * the oldest supported starting version is 25"), and this app's pg-boss 10 store had added an
 * index of its own to that schema's job table. This is the one-time way across, without a
 * second pg-boss release to step through: before pg-boss 12 starts, the old install is renamed
 * out of the way (our index goes with it); once it has started, the old install's unfinished
 * jobs are sent again through pg-boss 12's API, under their ids, and the old schema is dropped.
 * The old tables are only read here, as an export, after no pg-boss uses them any more.
 */
const OLDEST_MIGRATABLE = 25;
const retiredName = (schema: string) => `${schema}_v10`;

/** Renames a pg-boss 10 install out of pg-boss 12's way; true when there is one to move jobs from. */
export async function retireV10Install(db: Kysely<Database>, schema: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${schema}.v10-upgrade`}))`.execute(trx);
    const { rows: [found] } = await sql<{ version: string | null }>`select to_regclass(${`${schema}.version`})::text as version`.execute(trx);
    if (found?.version) {
      const { rows: [installed] } = await sql<{ version: number }>`select version from ${sql.table(`${schema}.version`)}`.execute(trx);
      if (installed && Number(installed.version) < OLDEST_MIGRATABLE) {
        await sql`alter schema ${sql.id(schema)} rename to ${sql.id(retiredName(schema))}`.execute(trx);
      }
    }
    const { rows: [retired] } = await sql<{ oid: string | null }>`select to_regnamespace(${retiredName(schema)})::text as oid`.execute(trx);
    return Boolean(retired?.oid);
  });
}

interface V10Job {
  id: string;
  name: string;
  data: object | null;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
  expire_seconds: number;
}

/**
 * Sends the retired install's waiting and running jobs through pg-boss 12 (a running one starts
 * over: its worker was a pg-boss 10 process) and drops the retired schema, in one transaction
 * that holds the upgrade lock, so one process does it; after a crash the next start repeats
 * it, and the ids make a job sent before the crash not sent again.
 */
export async function moveV10Jobs(deps: {
  db: Kysely<Database>;
  boss: PgBoss;
  schema: string;
  ensureQueue: (name: string) => Promise<void>;
  keyOf: (id: string, singletonKey: string | null) => string;
}): Promise<number> {
  const retired = retiredName(deps.schema);
  return deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${deps.schema}.v10-upgrade`}))`.execute(trx);
    const { rows: [exists] } = await sql<{ oid: string | null }>`select to_regnamespace(${retired})::text as oid`.execute(trx);
    if (!exists?.oid) return 0;
    const { rows } = await sql<V10Job>`select id::text as id, name, data, retry_limit, retry_delay, retry_backoff, start_after,
        singleton_key, extract(epoch from expire_in)::int as expire_seconds
      from ${sql.table(`${retired}.job`)}
      where state::text in ('created', 'retry', 'active') and name not like '\\_\\_pgboss%'
      order by created_on`.execute(trx);
    const byQueue = new Map<string, V10Job[]>();
    for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row]);
    for (const [name, jobs] of byQueue) {
      await deps.ensureQueue(name);
      await deps.boss.insert(name, jobs.map((job) => ({
        id: job.id,
        data: job.data ?? {},
        singletonKey: deps.keyOf(job.id, job.singleton_key),
        retryLimit: job.retry_limit,
        retryDelay: job.retry_delay,
        retryBackoff: job.retry_backoff,
        startAfter: new Date(job.start_after),
        expireInSeconds: Math.min(Math.max(1, job.expire_seconds), 24 * 3600 - 1),
      })));
    }
    await sql`drop schema ${sql.id(retired)} cascade`.execute(trx);
    return rows.length;
  });
}
