import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = postgres ? 'timestamptz' : 'text';
  const now = postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  // What happened on the platform, written in the same transaction as the change it reports.
  await db.schema.createTable('platform_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('actor_user_id', 'text')
    .addColumn('acting_as_account_id', 'text')
    .addColumn('correlation_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('processed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('platform_events_created').on('platform_events').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('platform_events_type_created').on('platform_events').columns(['event_type', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('platform_events').ifExists().execute();
}
