import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// Issue 18, prices that cover the cost: what N years cost at each supplier (registrars publish
// multi-year rows or brackets that differ from the one-year price), cost changes a sync holds for
// an operator, and what the registrar said it charged for an order.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  // The total cost, fees included, of registering or renewing for `years` years, as published.
  await db.schema.createTable('supplier_tld_year_costs')
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('domain_suppliers.id').onDelete('cascade'))
    .addColumn('tld', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('years', 'integer', (c) => c.notNull())
    .addColumn('cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('supplier_tld_year_costs_pk', ['supplier_id', 'tld', 'action', 'years'])
    .execute();

  // A TLD's costs as a sync read them, kept back from the price list until an operator decides.
  await db.schema.createTable('supplier_cost_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('domain_suppliers.id').onDelete('cascade'))
    .addColumn('tld', 'text', (c) => c.notNull())
    .addColumn('before_costs', 'text')
    .addColumn('after_costs', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('held'))
    .addColumn('detected_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', ts)
    .addColumn('decided_by', 'text')
    .execute();
  await db.schema.createIndex('supplier_cost_holds_status').on('supplier_cost_holds').columns(['status', 'detected_at', 'id']).execute();
  await db.schema.createIndex('supplier_cost_holds_supplier').on('supplier_cost_holds').columns(['supplier_id', 'status']).execute();

  await db.schema.alterTable('domain_orders').addColumn('registrar_charged_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domain_orders').dropColumn('registrar_charged_cents').execute();
  for (const table of ['supplier_cost_holds', 'supplier_tld_year_costs']) await db.schema.dropTable(table).ifExists().execute();
}
