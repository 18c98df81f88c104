import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  // Stripe's object clocks are Unix seconds; bigint on PostgreSQL so they outlive 2038.
  const epoch = pg ? 'bigint' : 'integer';

  // The catalogue. provider_*_id is the payment provider's id (Stripe's prod_/price_; in test mode our own id).
  await db.schema.createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider_product_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text')
    .addColumn('popular', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('provider_updated', epoch)
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('products_provider_id').on('products').column('provider_product_id').unique().execute();
  await db.schema.createIndex('products_active_category').on('products').columns(['active', 'category', 'name']).execute();

  await db.schema.createTable('prices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('provider_price_id', 'text')
    .addColumn('unit_amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('interval', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('provider_updated', epoch)
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('prices_provider_id').on('prices').column('provider_price_id').unique().execute();
  await db.schema.createIndex('prices_product').on('prices').columns(['product_id', 'active']).execute();

  await db.schema.createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('provider_subscription_id', 'text', (c) => c.notNull())
    .addColumn('provider_customer_id', 'text', (c) => c.notNull())
    .addColumn('price_id', 'text', (c) => c.references('prices.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('unit_amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('interval', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', ts)
    .addColumn('current_period_end', ts)
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('canceled_at', ts)
    .addColumn('provider_updated', epoch, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('subscriptions_provider_id').on('subscriptions').column('provider_subscription_id').unique().execute();
  await db.schema.createIndex('subscriptions_account').on('subscriptions').columns(['account_id', 'status']).execute();

  // Invoices gain what a real invoice carries; the billing details are copied at issue time.
  for (const [column, type] of [
    ['number', 'text'], ['provider_invoice_id', 'text'], ['subscription_id', 'text'], ['subtotal_cents', 'integer'],
    ['tax_cents', 'integer'], ['period_start', ts], ['period_end', ts], ['billing_name', 'text'], ['billing_email', 'text'],
    ['billing_address', 'text'], ['tax_id', 'text'], ['paid_at', ts], ['provider_updated', epoch],
  ] as const) {
    await db.schema.alterTable('invoices').addColumn(column, type).execute();
  }
  await db.schema.createIndex('invoices_provider_id').on('invoices').column('provider_invoice_id').unique().execute();

  await db.schema.createTable('invoice_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unit_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('period_start', ts)
    .addColumn('period_end', ts)
    .execute();
  await db.schema.createIndex('invoice_lines_invoice').on('invoice_lines').columns(['invoice_id', 'position']).execute();

  // What we asked the provider for: matched with its completion event.
  await db.schema.createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider_session_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('price_id', 'text', (c) => c.references('prices.id').onDelete('set null'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('subscription'))
    .addColumn('reference', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('completed_at', ts)
    .execute();
  await db.schema.createIndex('checkout_sessions_provider_id').on('checkout_sessions').column('provider_session_id').unique().execute();
  await db.schema.createIndex('checkout_sessions_account').on('checkout_sessions').columns(['account_id', 'created_at']).execute();

  // Every provider event applied, by its id: a redelivery finds its row and changes nothing.
  await db.schema.createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('provider_created', epoch, (c) => c.notNull())
    .addColumn('received_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();

  // The built-in test-mode provider's own records (its customers, sessions, subscriptions, invoices), as Stripe keeps them on its side.
  await db.schema.createTable('test_payment_objects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('test_payment_objects_kind').on('test_payment_objects').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['test_payment_objects', 'payment_events', 'checkout_sessions', 'invoice_lines', 'subscriptions', 'prices', 'products']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('invoices_provider_id').ifExists().execute();
  for (const column of ['provider_updated', 'paid_at', 'tax_id', 'billing_address', 'billing_email', 'billing_name', 'period_end',
    'period_start', 'tax_cents', 'subtotal_cents', 'subscription_id', 'provider_invoice_id', 'number']) {
    await db.schema.alterTable('invoices').dropColumn(column).execute();
  }
}
