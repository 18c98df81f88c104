import type { ColumnType } from 'kysely';
import type { Timestamp, DefaultedTimestamp, DefaultedBool, Count, Sum } from './columns.ts';

export interface PlatformEventsTable {
  id: string;
  event_type: string;
  severity: 'info' | 'warning' | 'error' | 'critical';
  source: string;
  account_id: string | null;
  actor_user_id: string | null;
  acting_as_account_id: string | null;
  correlation_id: string | null;
  payload: string;
  context: string;
  processed: DefaultedBool;
  created_at: DefaultedTimestamp;
}

export type WebhookMethod = 'POST' | 'PUT' | 'PATCH';

export type WebhookHealth = 'healthy' | 'degraded' | 'error' | 'disabled';

/** Who made a webhook or flow (spec: createdBy values). */
export type EventCreator = 'super_admin' | 'quick_setup' | 'template' | 'custom' | 'duplicate';

export type DeliveryStatus = 'pending' | 'success' | 'failed';

export interface WebhooksTable {
  id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  url: string;
  method: ColumnType<WebhookMethod, WebhookMethod | undefined, WebhookMethod>;
  is_active: DefaultedBool;
  /** JSON object of extra request headers. */
  headers: ColumnType<string, string | undefined, string>;
  /** JSON {type: 'none' | 'bearer' | 'basic', token?, username?, password?}. */
  authentication: ColumnType<string, string | undefined, string>;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  max_retries: Count;
  backoff_strategy: ColumnType<string, string | undefined, string>;
  initial_delay_ms: Count;
  max_delay_ms: Count;
  transform_enabled: DefaultedBool;
  transform_template: string | null;
  timeout_ms: Count;
  follow_redirects: DefaultedBool;
  created_by: ColumnType<EventCreator, EventCreator | undefined, EventCreator>;
  created_by_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  total_deliveries: Count;
  successful_deliveries: Count;
  failed_deliveries: Count;
  total_response_ms: Sum;
  last_delivery_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_failure_at: Timestamp | null;
  health_status: ColumnType<WebhookHealth, WebhookHealth | undefined, WebhookHealth>;
  health_checked_at: Timestamp | null;
  consecutive_failures: Count;
  failing_since: Timestamp | null;
  disabled_reason: string | null;
}

export interface EventFlowsTable {
  id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  is_active: DefaultedBool;
  /** JSON [{eventType, conditions}]. */
  triggers: string;
  /** JSON [{type: 'webhook', name, webhookId, conditions, config: {timeout, retries}}]. */
  actions: string;
  /** JSON {accounts, users, severity: {include: [], exclude: []}}. */
  filters: ColumnType<string, string | undefined, string>;
  created_by: ColumnType<EventCreator, EventCreator | undefined, EventCreator>;
  created_by_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  total_events: Count;
  total_executions: Count;
  successful_executions: Count;
  total_execution_ms: Sum;
  last_execution_at: Timestamp | null;
}

/** One event to one webhook: the durable job and the delivery log's subject; its id is `webhook-id`. */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  event_type: string;
  webhook_id: string;
  flow_id: string | null;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: Count;
  max_attempts: number;
  next_attempt_at: Timestamp | null;
  lease_until: Timestamp | null;
  lease_owner: string | null;
  payload: string;
  last_http_status: number | null;
  last_response_ms: number | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  webhook_id: string;
  event_id: string;
  attempt: number;
  status: 'success' | 'failed';
  http_status: number | null;
  response_ms: number | null;
  error: string | null;
  request_url: string;
  /** JSON object. */
  request_headers: string;
  response_headers: string | null;
  response_body: string | null;
  response_truncated: DefaultedBool;
  created_at: Timestamp;
}

/** The events tables, owned by events (platform_events) and features/events (tools/eslint/tableOwners.js). */
export interface EventTables {
  platform_events: PlatformEventsTable;
  webhooks: WebhooksTable;
  event_flows: EventFlowsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}
