import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * What the customer gave at checkout for a product that provisions (its primary domain), kept
 * until the subscription arrives: the provider copies our checkout's id into the subscription's
 * metadata, and the first payment's service takes the fields from here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.createTable('hosting_order_fields')
    // Ours (checkout_sessions.id), written before the provider's session is created.
    .addColumn('checkout_session_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('domain', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hosting_order_fields').execute();
}
