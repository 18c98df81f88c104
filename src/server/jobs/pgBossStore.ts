import { type Kysely, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/schema.ts';
import type { ClaimedJob, JobStore } from './jobStore.ts';

/**
 * pg-boss's job table, claimed with pg-boss's own fetch (FOR UPDATE SKIP LOCKED). pg-boss's
 * complete and fail match on id and state only, so a worker whose job expired and was taken
 * by another would finish that other attempt: the writes here also match the claim
 * (`retry_count`, which every new claim after a failure or expiry raises). Its times are
 * PostgreSQL's `now()`.
 */
export function createPgBossStore(deps: { boss: PgBoss; db: Kysely<Database>; schema: string }): JobStore {
  const { boss, db } = deps;
  const job = sql.table(`${deps.schema}.job`);
  const claimed = (j: ClaimedJob) =>
    sql`name = ${j.queue} and id = ${j.id}::uuid and state = 'active' and retry_count = ${j.attempt - 1}`;
  const held = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0) === 1;

  return {
    async claim(queue, limit) {
      const rows = await boss.fetch<object>(queue, { batchSize: limit, includeMetadata: true });
      return rows.map((row) => ({
        id: row.id, queue, payload: row.data, attempt: row.retryCount + 1,
        retryLimit: row.retryLimit, retryDelaySeconds: row.retryDelay, retryBackoff: row.retryBackoff,
        timeoutSeconds: Number(row.expireInSeconds),
      }));
    },
    async complete(j) {
      return held(await sql`update ${job} set state = 'completed', completed_on = now() where ${claimed(j)}`.execute(db));
    },
    async fail(j, error, retryInSeconds) {
      const output = JSON.stringify({ message: error });
      const outcome = retryInSeconds === null
        ? sql`state = 'failed', completed_on = now()`
        : sql`state = 'retry', start_after = now() + make_interval(secs => ${retryInSeconds})`;
      return held(await sql`update ${job} set ${outcome}, output = ${output}::jsonb where ${claimed(j)}`.execute(db));
    },
    async release(j) {
      // Without started_on, pg-boss's next fetch keeps retry_count: the handed-back attempt is not counted.
      const state = j.attempt === 1 ? 'created' : 'retry';
      return held(await sql`update ${job} set state = ${state}, started_on = null, start_after = now() where ${claimed(j)}`.execute(db));
    },
    async expired(queues) {
      if (!queues.length) return [];
      const { rows } = await sql<{
        id: string; name: string; data: unknown; retry_count: number; retry_limit: number;
        retry_delay: number; retry_backoff: boolean; timeout: number;
      }>`select id, name, data, retry_count, retry_limit, retry_delay, retry_backoff, extract(epoch from expire_in)::int as timeout
        from ${job} where name = any(${queues}) and state = 'active' and started_on + expire_in <= now()`.execute(db);
      return rows.map((row) => ({
        id: row.id, queue: row.name, payload: row.data, attempt: row.retry_count + 1,
        retryLimit: row.retry_limit, retryDelaySeconds: row.retry_delay, retryBackoff: row.retry_backoff, timeoutSeconds: row.timeout,
      }));
    },
  };
}

/**
 * One unfinished job per queue and singleton key, as on the jobs table: a unique index on
 * pg-boss's (partitioned) job table, which every queue's partition inherits. pg-boss inserts
 * with ON CONFLICT DO NOTHING, so a taken key makes its send return null, in a caller's
 * transaction too. pg-boss's own singleton policies are not used.
 */
export async function ensureSingletonIndex(db: Kysely<Database>, schema: string) {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${schema}.portal_singleton`}))`.execute(trx);
    await sql`create unique index if not exists portal_job_singleton_unfinished on ${sql.table(`${schema}.job`)} (name, singleton_key)
      where singleton_key is not null and state < 'completed'`.execute(trx);
  });
}
