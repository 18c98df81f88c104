import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  // The domain suppliers (registrars) this installation buys from; id is the registrar's ('sandbox', 'namecheap', ...).
  await db.schema.createTable('domain_suppliers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_synced_at', ts)
    .addColumn('last_sync_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();

  // What each supplier charges us per TLD and year, in cents, as its last sync read it.
  await db.schema.createTable('supplier_tld_costs')
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('domain_suppliers.id').onDelete('cascade'))
    .addColumn('tld', 'text', (c) => c.notNull())
    .addColumn('register_cents', 'integer')
    .addColumn('renew_cents', 'integer')
    .addColumn('transfer_cents', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('supplier_tld_costs_pk', ['supplier_id', 'tld'])
    .execute();
  await db.schema.createIndex('supplier_tld_costs_tld').on('supplier_tld_costs').columns(['tld', 'register_cents']).execute();

  // Our margin on top of the cost: one global row (tld '*') and any per-TLD rows, which win.
  await db.schema.createTable('tld_markups')
    .addColumn('tld', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** percent: hundredths of a percent (2500 = 25%); fixed: cents. */
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tld_markups', 'supplier_tld_costs', 'domain_suppliers']) await db.schema.dropTable(table).ifExists().execute();
}
