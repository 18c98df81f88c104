import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * Hosting that provisions itself (issue 22): the servers the provider runs (panel credentials
 * sealed), their groups, which product maps to which panel package, one service per hosting
 * subscription (or imported account) with its state on the panel, and the lifecycle's steps with
 * every attempt at them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.createTable('hosting_server_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    // 'fill' puts new accounts on the fullest server with room; 'spread' on the emptiest.
    .addColumn('fill_policy', 'text', (c) => c.notNull().defaultTo('fill'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema.createTable('hosting_servers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('panel', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.references('hosting_server_groups.id'))
    .addColumn('scheme', 'text', (c) => c.notNull().defaultTo('https'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('verify_tls', 'boolean', (c) => c.notNull().defaultTo(true))
    // Sealed by integrations/panels/credentials.ts, bound to the row's id; never sent to a browser.
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('credentials_updated_at', ts, (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('max_accounts', 'integer')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_check_at', ts)
    .addColumn('last_check_ok', 'boolean')
    .addColumn('last_latency_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('panel_version', 'text')
    .addColumn('panel_accounts', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hosting_servers_group').on('hosting_servers').columns(['group_id', 'enabled']).execute();

  // A product that provisions: the panel it lives on, where new accounts go and the package they get.
  await db.schema.createTable('hosting_products')
    .addColumn('product_id', 'text', (c) => c.primaryKey().references('products.id'))
    .addColumn('panel', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull().references('hosting_server_groups.id'))
    .addColumn('package', 'text', (c) => c.notNull())
    // JSON array of what the customer gives at order time ('domain').
    .addColumn('order_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema.createTable('hosting_services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    // Null for an account imported from a server without a subscription in the portal.
    .addColumn('subscription_id', 'text', (c) => c.unique().references('subscriptions.id'))
    .addColumn('product_id', 'text', (c) => c.references('products.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('panel', 'text', (c) => c.notNull())
    .addColumn('server_id', 'text', (c) => c.references('hosting_servers.id'))
    // pending (not on a panel yet), active, suspended, terminated.
    .addColumn('status', 'text', (c) => c.notNull())
    // 'overdue' (billing's: lifted by payment) or 'operator' (lifted only by an operator).
    .addColumn('suspend_reason', 'text')
    .addColumn('suspend_note', 'text')
    // Saved before the create call, so a retry reuses it and finds an account an earlier attempt made.
    .addColumn('username', 'text')
    // Sealed like server credentials (bound to the service id); cleared once the welcome mail went out.
    .addColumn('password', 'text')
    .addColumn('domain', 'text')
    // The package on the panel now (the product's until a change of plan).
    .addColumn('package', 'text')
    // JSON: the panel's own ids (Plesk customer and webspace, Proxmox vmid and node).
    .addColumn('panel_ref', 'text', (c) => c.notNull().defaultTo('{}'))
    // JSON PanelUsage, read daily.
    .addColumn('usage', 'text')
    .addColumn('usage_at', ts)
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('order'))
    .addColumn('past_due_since', ts)
    .addColumn('ended_at', ts)
    .addColumn('activated_at', ts)
    .addColumn('suspended_at', ts)
    .addColumn('terminated_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hosting_services_account').on('hosting_services').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('hosting_services_server').on('hosting_services').columns(['server_id', 'status']).execute();
  await db.schema.createIndex('hosting_services_status').on('hosting_services').columns(['status', 'created_at']).execute();
  // One live account per username on a server: a collision is caught here, not on the panel twice.
  await db.schema.createIndex('hosting_services_server_username').on('hosting_services').columns(['server_id', 'username']).unique().execute();

  // One lifecycle step (create, suspend, ...) and its fate; the jobs queue runs it, this row remembers it.
  await db.schema.createTable('hosting_steps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) => c.notNull().references('hosting_services.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    // JSON: what the step needs beyond the service (a package, a suspension reason).
    .addColumn('input', 'text', (c) => c.notNull().defaultTo('{}'))
    // queued, running, waiting (a retry is due), done, failed (in the provisioning queue), resolved (marked done by hand), cancelled.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts)
    .addColumn('last_error', 'text')
    .addColumn('resolution_note', 'text')
    .addColumn('requested_by', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();
  await db.schema.createIndex('hosting_steps_service').on('hosting_steps').columns(['service_id', 'created_at']).execute();
  await db.schema.createIndex('hosting_steps_status').on('hosting_steps').columns(['status', 'updated_at']).execute();

  await db.schema.createTable('hosting_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('step_id', 'text', (c) => c.notNull().references('hosting_steps.id'))
    .addColumn('started_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    // done, already (the panel was in that state), refused, unknown, unavailable.
    .addColumn('outcome', 'text')
    .addColumn('message', 'text')
    // JSON PanelCallRecord[]: the timed calls, never a credential or a value sent.
    .addColumn('calls', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('hosting_attempts_step').on('hosting_attempts').columns(['step_id', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hosting_attempts').execute();
  await db.schema.dropTable('hosting_steps').execute();
  await db.schema.dropTable('hosting_services').execute();
  await db.schema.dropTable('hosting_products').execute();
  await db.schema.dropTable('hosting_servers').execute();
  await db.schema.dropTable('hosting_server_groups').execute();
}
