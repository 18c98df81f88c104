import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  // A domain an account holds. A name is held once in the installation (registrars agree).
  await db.schema.createTable('domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('tld', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('supplier_id', 'text', (c) => c.references('domain_suppliers.id').onDelete('set null'))
    .addColumn('registration_id', 'text')
    .addColumn('registration_date', ts)
    .addColumn('expiration_date', ts)
    .addColumn('auto_renew', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('privacy', 'boolean', (c) => c.notNull().defaultTo(false))
    // JSON: string[]; and { registrant, admin, tech, billing } in the registrar's contact fields.
    .addColumn('nameservers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('contacts', 'text')
    .addColumn('notes', 'text')
    .addColumn('last_synced_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  // The list's keyset pages per sort field (id breaks ties), and the daily expiry job's scan.
  for (const column of ['registration_date', 'expiration_date', 'name', 'status']) {
    await db.schema.createIndex(`domains_account_${column}`).on('domains').columns(['account_id', column, 'id']).execute();
  }
  await db.schema.createIndex('domains_expiration').on('domains').columns(['expiration_date', 'status']).execute();

  // A registration or renewal bought by an account: paid through the payment provider, then executed by the registration job.
  await db.schema.createTable('domain_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ordered_by', 'text')
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('tld', 'text', (c) => c.notNull())
    .addColumn('domain_id', 'text', (c) => c.references('domains.id').onDelete('set null'))
    .addColumn('years', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('contact_info', 'text')
    .addColumn('privacy_protection', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('auto_renew', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending_payment'))
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('registration_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('checkout_session_id', 'text')
    // The provider's payment (payment intent) and how it was paid: 'checkout', 'saved_method' (auto-renewal), 'test'.
    .addColumn('payment_reference', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('paid_at', ts)
    .addColumn('refunded_at', ts)
    .addColumn('supplier_id', 'text', (c) => c.references('domain_suppliers.id').onDelete('set null'))
    .addColumn('registration_id', 'text')
    .addColumn('registration_date', ts)
    .addColumn('expiration_date', ts)
    .addColumn('error', 'text')
    .addColumn('admin_notes', 'text')
    .addColumn('admin_action_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('completed_at', ts)
    .execute();
  await db.schema.createIndex('domain_orders_account').on('domain_orders').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('domain_orders_status').on('domain_orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('domain_orders_created').on('domain_orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('domain_orders_domain').on('domain_orders').columns(['domain', 'created_at']).execute();

  // Every call the registration job made to a supplier for an order, kept even when the order later changes.
  await db.schema.createTable('domain_order_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('domain_orders.id').onDelete('cascade'))
    .addColumn('supplier_id', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    // 'started' is written before the call, so a crash leaves a trace the retry must check at the supplier.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('started_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();
  await db.schema.createIndex('domain_order_attempts_order').on('domain_order_attempts').columns(['order_id', 'started_at']).execute();

  // Reminder e-mails sent, one per domain, expiry date and lead time, so a rerun of the daily job sends none twice.
  await db.schema.createTable('domain_expiry_notices')
    .addColumn('domain_id', 'text', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('expiration_date', 'text', (c) => c.notNull())
    .addColumn('days_before', 'integer', (c) => c.notNull())
    .addColumn('sent_at', ts, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('domain_expiry_notices_pk', ['domain_id', 'expiration_date', 'days_before'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['domain_expiry_notices', 'domain_order_attempts', 'domain_orders', 'domains']) await db.schema.dropTable(table).ifExists().execute();
}
