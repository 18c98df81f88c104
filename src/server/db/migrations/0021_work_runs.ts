import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// Long work (a catalogue sync, a TLD price sync) as a run with a progress row and a final summary
// (issue 17). At most one run of a kind runs at a time across every process, enforced by the
// database; the others wait queued. A run's lease is renewed while its process works on it, so a
// run whose process died is recognised and closed as failed by the next one.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.createTable('work_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    // JSON: what the run answered (the function's output), once it succeeded.
    .addColumn('summary', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('started_at', ts)
    .addColumn('finished_at', ts)
    .addColumn('lease_until', ts)
    .execute();
  await db.schema.createIndex('work_runs_kind_created').on('work_runs').columns(['kind', 'created_at']).execute();
  await sql`create unique index work_runs_one_running on work_runs (kind) where status = 'running'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('work_runs').ifExists().execute();
}
