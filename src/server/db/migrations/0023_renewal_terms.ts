import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// One charge per renewal term (issue 18). A renewal order names the expiry it renews from (its
// term) and, once read, the registrar's own expiry before the first renew call, so the job
// judges a renewal by the registrar's dates. A checkout's invoice is kept on the order, and an
// invoice records what was refunded on it.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.alterTable('domain_orders').addColumn('renews_from', ts).execute();
  await db.schema.alterTable('domain_orders').addColumn('registrar_expiry_before', ts).execute();
  await db.schema.alterTable('domain_orders').addColumn('provider_invoice_id', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoices').addColumn('refunded_at', ts).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('refunded_at').execute();
  await db.schema.alterTable('invoices').dropColumn('refunded_cents').execute();
  await db.schema.alterTable('domain_orders').dropColumn('provider_invoice_id').execute();
  await db.schema.alterTable('domain_orders').dropColumn('registrar_expiry_before').execute();
  await db.schema.alterTable('domain_orders').dropColumn('renews_from').execute();
}
