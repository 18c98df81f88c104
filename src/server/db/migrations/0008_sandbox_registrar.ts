import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  // The built-in sandbox registrar's own registry, as a real registrar keeps it on its side: a name here is taken.
  await db.schema.createTable('sandbox_registrar_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('registered_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    /** JSON: contacts, nameservers, auto-renew, lock, privacy, transfer code. */
    .addColumn('data', 'text', (c) => c.notNull())
    /** The request that registered it: a retry with the same key gets the same answer, not a second registration. */
    .addColumn('idempotency_key', 'text')
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sandbox_registrar_domains_key').on('sandbox_registrar_domains').column('idempotency_key').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sandbox_registrar_domains').ifExists().execute();
}
