import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

const UNFINISHED = sql`('created', 'retry', 'active')`;

export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';

  // A lease is now the claim's start plus the job's own time-out, instead of a fixed lock time.
  // Migrations run before the embedded process claims anything, so a job still marked running
  // belonged to a process that is gone: it becomes a retry, its attempt counted.
  await sql`update jobs set state = 'retry' where state = 'active'`.execute(db);
  await db.schema.alterTable('jobs').addColumn('timeout_seconds', 'integer', (c) => c.notNull().defaultTo(900)).execute();
  await db.schema.alterTable('jobs').addColumn('started_at', ts).execute();
  await db.schema.alterTable('jobs').dropColumn('locked_until').execute();

  // One unfinished job per queue and singleton key, enforced by the database. Duplicates that
  // the old select-then-insert let through keep their oldest.
  await sql`update jobs set state = 'failed', last_error = 'duplicate singleton key (migration 0004)'
    where singleton_key is not null and state in ${UNFINISHED} and exists (
      select 1 from jobs older where older.queue = jobs.queue and older.singleton_key = jobs.singleton_key
        and older.state in ${UNFINISHED}
        and (older.created_at < jobs.created_at or (older.created_at = jobs.created_at and older.id < jobs.id)))`.execute(db);
  await sql`create unique index jobs_singleton_unfinished on jobs (queue, singleton_key)
    where singleton_key is not null and state in ${UNFINISHED}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.dropIndex('jobs_singleton_unfinished').ifExists().execute();
  await db.schema.alterTable('jobs').addColumn('locked_until', ts).execute();
  await db.schema.alterTable('jobs').dropColumn('started_at').execute();
  await db.schema.alterTable('jobs').dropColumn('timeout_seconds').execute();
}
