import type { PanelKind } from '../../../common/hosting/panels.ts';
import type { DefaultedBool, Timestamp } from './columns.ts';
import type { ColumnType, Generated } from 'kysely';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type ServerFillPolicy = 'fill' | 'spread';
export type HostingServiceStatus = 'pending' | 'active' | 'suspended' | 'terminated';
export type HostingSuspendReason = 'overdue' | 'operator';
export type HostingStepAction = 'create' | 'suspend' | 'unsuspend' | 'terminate' | 'change_package' | 'change_password';
export type HostingStepStatus = 'queued' | 'running' | 'waiting' | 'done' | 'failed' | 'resolved' | 'cancelled';
export type HostingAttemptOutcome = 'done' | 'already' | 'refused' | 'unknown' | 'unavailable';

export interface HostingServerGroupsTable {
  id: string;
  name: string;
  fill_policy: ColumnType<ServerFillPolicy, ServerFillPolicy | undefined, ServerFillPolicy>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HostingServersTable {
  id: string;
  name: string;
  panel: PanelKind;
  group_id: Nullable<string>;
  scheme: ColumnType<'https' | 'http', 'https' | 'http' | undefined, 'https' | 'http'>;
  host: string;
  port: number;
  verify_tls: DefaultedBool;
  credentials: string;
  credentials_updated_at: Timestamp;
  /** JSON PanelOptions. */
  options: Generated<string>;
  max_accounts: Nullable<number>;
  enabled: DefaultedBool;
  last_check_at: Nullable<string>;
  last_check_ok: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  last_latency_ms: Nullable<number>;
  last_error: Nullable<string>;
  panel_version: Nullable<string>;
  panel_accounts: Nullable<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HostingProductsTable {
  product_id: string;
  panel: PanelKind;
  group_id: string;
  package: string;
  /** JSON array of the fields the customer gives at order time. */
  order_fields: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HostingServicesTable {
  id: string;
  account_id: string;
  subscription_id: Nullable<string>;
  product_id: Nullable<string>;
  product_name: string;
  panel: PanelKind;
  server_id: Nullable<string>;
  status: HostingServiceStatus;
  suspend_reason: Nullable<HostingSuspendReason>;
  suspend_note: Nullable<string>;
  username: Nullable<string>;
  password: Nullable<string>;
  domain: Nullable<string>;
  package: Nullable<string>;
  /** JSON of the panel's own ids. */
  panel_ref: Generated<string>;
  /** JSON PanelUsage. */
  usage: Nullable<string>;
  usage_at: Nullable<string>;
  source: ColumnType<'order' | 'import', 'order' | 'import' | undefined, 'order' | 'import'>;
  past_due_since: Nullable<string>;
  ended_at: Nullable<string>;
  activated_at: Nullable<string>;
  suspended_at: Nullable<string>;
  terminated_at: Nullable<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HostingStepsTable {
  id: string;
  service_id: string;
  action: HostingStepAction;
  /** JSON of what the step needs beyond the service. */
  input: Generated<string>;
  status: HostingStepStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Nullable<string>;
  last_error: Nullable<string>;
  resolution_note: Nullable<string>;
  requested_by: Nullable<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Nullable<string>;
}

export interface HostingAttemptsTable {
  id: string;
  step_id: string;
  started_at: Timestamp;
  finished_at: Nullable<string>;
  outcome: Nullable<HostingAttemptOutcome>;
  message: Nullable<string>;
  /** JSON PanelCallRecord[]. */
  calls: Generated<string>;
}

/** What the customer gave at checkout for a product that provisions, by our checkout's id. */
export interface HostingOrderFieldsTable {
  checkout_session_id: string;
  account_id: string;
  product_id: string;
  domain: Nullable<string>;
  created_at: Timestamp;
}

/** The hosting tables, owned by features/hosting (tools/eslint/tableOwners.js). */
export interface HostingTables {
  hosting_server_groups: HostingServerGroupsTable;
  hosting_servers: HostingServersTable;
  hosting_products: HostingProductsTable;
  hosting_services: HostingServicesTable;
  hosting_steps: HostingStepsTable;
  hosting_attempts: HostingAttemptsTable;
  hosting_order_fields: HostingOrderFieldsTable;
}


