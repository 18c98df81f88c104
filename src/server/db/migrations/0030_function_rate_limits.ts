import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * The function rate limits' counters (issue 20), shared by every process on the database. The
 * columns are those rate-limiter-flexible's Postgres and SQLite stores read and write; the table
 * is made here so that the library never creates schema (`tableCreated: true`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createTable('function_rate_limits')
    .addColumn('key', pg ? 'varchar(255)' : 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', pg ? 'bigint' : 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('function_rate_limits').execute();
}
