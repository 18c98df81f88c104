import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// The nightly portfolio sync (issue 18): what a registrar says about a domain that differs from
// our row, one row per domain and field while the difference lasts, and when each domain was
// last read one by one (getInfo), so the nights take the least recently read first.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.createTable('domain_portfolio_differences')
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('ours', 'text')
    .addColumn('theirs', 'text')
    // What the operator must do, when the sync cannot set it right itself.
    .addColumn('action', 'text')
    .addColumn('first_seen_at', ts, (c) => c.notNull())
    .addColumn('seen_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_portfolio_differences_pk', ['domain_id', 'field'])
    .execute();
  await db.schema.createIndex('domain_portfolio_differences_seen').on('domain_portfolio_differences').columns(['seen_at', 'domain_id']).execute();
  await db.schema.createTable('domain_portfolio_checks')
    .addColumn('domain_id', 'text', (c) => c.primaryKey().references('domains.id').onDelete('cascade'))
    .addColumn('info_checked_at', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('domain_portfolio_checks').ifExists().execute();
  await db.schema.dropTable('domain_portfolio_differences').ifExists().execute();
}
