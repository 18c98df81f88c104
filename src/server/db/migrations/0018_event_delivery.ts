import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// The event system (issue 9): webhooks, the flows that route events to them, and the delivery
// log. A delivery row is itself the durable job (its state, schedule and lease live on it), and
// each attempt is one row of the log. JSON settings are text on both databases, like payloads.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = postgres ? 'timestamptz' : 'text';
  const big = postgres ? 'bigint' : 'integer';

  await db.schema.createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().defaultTo('POST'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // A JSON object of extra request headers.
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
    // A JSON object {type: none|bearer|basic, token?, username?, password?}.
    .addColumn('authentication', 'text', (c) => c.notNull().defaultTo('{"type":"none"}'))
    // Standard Webhooks signing secret ('whsec_' + base64); the previous one signs too until it expires.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', ts)
    .addColumn('max_retries', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('backoff_strategy', 'text', (c) => c.notNull().defaultTo('exponential'))
    .addColumn('initial_delay_ms', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('max_delay_ms', 'integer', (c) => c.notNull().defaultTo(30000))
    .addColumn('transform_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('transform_template', 'text')
    .addColumn('timeout_ms', 'integer', (c) => c.notNull().defaultTo(30000))
    .addColumn('follow_redirects', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo('super_admin'))
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    // Statistics, one step per attempt.
    .addColumn('total_deliveries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('successful_deliveries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_deliveries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_response_ms', big, (c) => c.notNull().defaultTo(0))
    .addColumn('last_delivery_at', ts)
    .addColumn('last_success_at', ts)
    .addColumn('last_failure_at', ts)
    // Health: healthy, degraded, error, disabled (the last set by the engine, with a reason).
    .addColumn('health_status', 'text', (c) => c.notNull().defaultTo('healthy'))
    .addColumn('health_checked_at', ts)
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', ts)
    .addColumn('disabled_reason', 'text')
    .execute();
  await db.schema.createIndex('webhooks_created').on('webhooks').columns(['created_at', 'id']).execute();

  await db.schema.createTable('event_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // JSON arrays/objects: triggers [{eventType, conditions}], actions [{type, name, webhookId,
    // conditions, config {timeout, retries}}], filters {accounts, users, severity: {include, exclude}}.
    .addColumn('triggers', 'text', (c) => c.notNull())
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo('super_admin'))
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('total_events', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_executions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('successful_executions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_execution_ms', big, (c) => c.notNull().defaultTo(0))
    .addColumn('last_execution_at', ts)
    .execute();
  await db.schema.createIndex('event_flows_created').on('event_flows').columns(['created_at', 'id']).execute();

  // One event to one webhook through one flow action. Its id is the Standard Webhooks
  // `webhook-id`, the same on every attempt and on a resend.
  await db.schema.createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('flow_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', ts)
    // The claim of a worker sending it now; past it another worker may take it (at least once).
    .addColumn('lease_until', ts)
    .addColumn('lease_owner', 'text')
    // The exact body sent (signed byte for byte).
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('last_http_status', 'integer')
    .addColumn('last_response_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('completed_at', ts)
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_webhook_created').on('webhook_deliveries').columns(['webhook_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_status_created').on('webhook_deliveries').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').columns(['event_id']).execute();

  await db.schema.createTable('webhook_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('response_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('request_url', 'text', (c) => c.notNull())
    .addColumn('request_headers', 'text', (c) => c.notNull())
    .addColumn('response_headers', 'text')
    // Capped (see the engine); response_truncated says when it was cut.
    .addColumn('response_body', 'text')
    .addColumn('response_truncated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_delivery_attempts_delivery').on('webhook_delivery_attempts').columns(['delivery_id', 'attempt']).execute();
  await db.schema.createIndex('webhook_delivery_attempts_created').on('webhook_delivery_attempts').columns(['created_at', 'id']).execute();

  // The dispatcher reads the events not yet fanned out, oldest first.
  await sql`create index platform_events_pending on platform_events (created_at, id) where processed = ${sql.raw(postgres ? 'false' : '0')}`.execute(db);
  await db.schema.createIndex('platform_events_severity_created').on('platform_events').columns(['severity', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('platform_events_severity_created').ifExists().execute();
  await db.schema.dropIndex('platform_events_pending').ifExists().execute();
  for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'event_flows', 'webhooks']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
