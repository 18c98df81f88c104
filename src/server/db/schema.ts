import type { ColumnType, Generated } from 'kysely';
import type {
  CheckoutMode, CheckoutStatus, InvoiceStatus, PriceInterval, SubscriptionStatus,
} from '../../common/billing.ts';
import type {
  AccountRole, AccountStatus, GlobalRole, InviteRole, StoredInvitationStatus, TicketPriority, TicketStatus,
} from '../../common/constants.ts';
import type { DomainStatus } from '../../common/domains.ts';
import type { OrderKind, OrderStatus, PaymentStatus, RegistrationStatus } from '../../common/domainOrders.ts';

/** Where an outbox message is: kept only (no SMTP), waiting for delivery, delivered, or given up. */
export type MailStatus = 'stored' | 'queued' | 'sent' | 'failed';

/** Timestamps go in as ISO strings; PostgreSQL gives Date back, SQLite the string. Use `toIso`. */
export type Timestamp = ColumnType<Date | string, string, string>;
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;
/** A timestamp with a database default: optional on insert. */
export type DefaultedTimestamp = ColumnType<Date | string, string | undefined, string>;
type DefaultedBool = ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
/** Unix seconds; PostgreSQL's bigint comes back as a string. */
type Epoch = ColumnType<number | string, number, number>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Bool;
  image: string | null;
  role: GlobalRole;
  phone_number: string | null;
  active_account_id: string | null;
  /** Set by an operator: sign-in refused (migration 0013). */
  disabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthSessionTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AuthIdentityTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  name: string;
  status: AccountStatus;
  owner_id: string;
  billing_name: string | null;
  billing_email: string | null;
  billing_address: string | null;
  tax_id: string | null;
  stripe_customer_id: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface AccountMembersTable {
  account_id: string;
  user_id: string;
  role: AccountRole;
  joined_at: DefaultedTimestamp;
}

export interface InvitationsTable {
  id: string;
  account_id: string;
  email: string;
  role: InviteRole;
  status: StoredInvitationStatus;
  invited_by_user_id: string | null;
  invited_by_email: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by_user_id: string | null;
}

export interface TicketsTable {
  id: string;
  account_id: string;
  user_id: string;
  subject: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface TicketRepliesTable {
  id: string;
  ticket_id: string;
  user_id: string | null;
  author_name: string;
  body: string;
  /** Written by the provider's staff (the back office, or an operator acting as the account). */
  is_staff: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: DefaultedTimestamp;
}

export interface InvoicesTable {
  id: string;
  account_id: string;
  invoice_date: Timestamp;
  amount_cents: number;
  currency: Generated<string>;
  status: ColumnType<InvoiceStatus, InvoiceStatus | undefined, InvoiceStatus>;
  created_at: DefaultedTimestamp;
  number: string | null;
  provider_invoice_id: string | null;
  subscription_id: string | null;
  subtotal_cents: number | null;
  tax_cents: number | null;
  period_start: Timestamp | null;
  period_end: Timestamp | null;
  /** The account's billing details when the invoice was issued. */
  billing_name: string | null;
  billing_email: string | null;
  billing_address: string | null;
  tax_id: string | null;
  paid_at: Timestamp | null;
  /** The provider's clock (Unix seconds) of the last state applied: an older event changes nothing. */
  provider_updated: Epoch | null;
}

export interface InvoiceLinesTable {
  id: string;
  invoice_id: string;
  position: number;
  description: string;
  quantity: Generated<number>;
  unit_amount_cents: number;
  amount_cents: number;
  period_start: Timestamp | null;
  period_end: Timestamp | null;
}

export interface ProductsTable {
  id: string;
  provider_product_id: string | null;
  name: string;
  description: Generated<string>;
  category: string | null;
  popular: DefaultedBool;
  /** JSON array of marketing feature names. */
  features: Generated<string>;
  active: DefaultedBool;
  provider_updated: Epoch | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface PricesTable {
  id: string;
  product_id: string;
  provider_price_id: string | null;
  /** In cents (spec section 9). */
  unit_amount: number;
  currency: Generated<string>;
  /** null for a one-off price. */
  interval: PriceInterval | null;
  active: DefaultedBool;
  provider_updated: Epoch | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface SubscriptionsTable {
  id: string;
  account_id: string;
  provider_subscription_id: string;
  provider_customer_id: string;
  price_id: string | null;
  product_name: string;
  unit_amount: number;
  currency: string;
  interval: PriceInterval | null;
  status: SubscriptionStatus;
  current_period_start: Timestamp | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: DefaultedBool;
  canceled_at: Timestamp | null;
  provider_updated: Epoch;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CheckoutSessionsTable {
  id: string;
  provider_session_id: string;
  account_id: string;
  user_id: string | null;
  price_id: string | null;
  mode: CheckoutMode;
  /** What the payment is for: 'subscription', or a later area's purpose (a domain order). */
  purpose: Generated<string>;
  /** The purpose's own id (an order id). */
  reference: string | null;
  status: ColumnType<CheckoutStatus, CheckoutStatus | undefined, CheckoutStatus>;
  url: string;
  created_at: DefaultedTimestamp;
  completed_at: Timestamp | null;
}

export interface PaymentEventsTable {
  id: string;
  type: string;
  provider_created: Epoch;
  received_at: DefaultedTimestamp;
}

export interface TestPaymentObjectsTable {
  id: string;
  kind: string;
  data: string;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  error: string | null;
  created_at: DefaultedTimestamp;
  sent_at: Timestamp | null;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  queue: string;
  payload: string;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  /** Claims so far; the running claim's number guards every write about it. */
  attempts: Generated<number>;
  retry_limit: Generated<number>;
  retry_delay_seconds: Generated<number>;
  retry_backoff: DefaultedBool;
  singleton_key: string | null;
  run_at: Timestamp;
  /** Per attempt; also the lease: a running job whose started_at + timeout_seconds passed is recovered. */
  timeout_seconds: Generated<number>;
  started_at: Timestamp | null;
  last_error: string | null;
  created_at: DefaultedTimestamp;
  completed_at: Timestamp | null;
}

export interface JobSchedulesTable {
  name: string;
  cron: string;
  payload: string;
  next_run_at: Timestamp;
}

export interface AuditLogTable {
  id: string;
  actor_user_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  data: string | null;
  created_at: DefaultedTimestamp;
  /** The operator's e-mail at the time, kept should the user later be deleted. */
  actor_email: string | null;
  /** The account a global super admin was acting as (impersonation), when there was one. */
  acting_as_account_id: string | null;
  /** JSON of the target before and after the change. */
  before_state: string | null;
  after_state: string | null;
  request_id: string | null;
}

export interface ImpersonationsTable {
  id: string;
  session_id: string;
  operator_user_id: string;
  account_id: string;
  reason: string;
  /** The operator's active account when it started; stopping restores it. */
  original_account_id: string | null;
  started_at: Timestamp;
  ended_at: Timestamp | null;
}

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
type Count = ColumnType<number, number | undefined, number>;
/** A bigint sum; PostgreSQL gives it back as a string. */
type Sum = ColumnType<number | string, number | undefined, number>;

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

export interface SandboxRegistrarDomainsTable {
  domain: string;
  registered_at: Timestamp;
  expires_at: Timestamp;
  data: string;
  idempotency_key: string | null;
  updated_at: DefaultedTimestamp;
}

export interface DomainSuppliersTable {
  id: string;
  name: string;
  is_active: DefaultedBool;
  last_synced_at: Timestamp | null;
  last_sync_error: string | null;
  created_at: DefaultedTimestamp;
}

export interface SupplierTldCostsTable {
  supplier_id: string;
  tld: string;
  register_cents: number | null;
  renew_cents: number | null;
  transfer_cents: number | null;
  currency: Generated<string>;
  updated_at: DefaultedTimestamp;
}

export type MarkupKind = 'percent' | 'fixed';

export interface TldMarkupsTable {
  /** A TLD ('com', 'co.uk'), or '*' for the global markup. */
  tld: string;
  kind: MarkupKind;
  /** percent: hundredths of a percent (2500 = 25%); fixed: cents. */
  value: number;
  updated_at: DefaultedTimestamp;
}

export interface DomainsTable {
  id: string;
  account_id: string;
  name: string;
  tld: string;
  status: ColumnType<DomainStatus, DomainStatus | undefined, DomainStatus>;
  supplier_id: string | null;
  registration_id: string | null;
  registration_date: Timestamp | null;
  expiration_date: Timestamp | null;
  auto_renew: DefaultedBool;
  locked: DefaultedBool;
  privacy: DefaultedBool;
  /** JSON string[]. */
  nameservers: Generated<string>;
  /** JSON { registrant, admin, tech, billing } (DomainContacts), or null before the first sync. */
  contacts: string | null;
  notes: string | null;
  last_synced_at: Timestamp | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** How many domains each account holds per status, kept by triggers on `domains` (migration 0011): the list's summary cards. */
export interface DomainStatusCountsTable {
  account_id: string;
  status: DomainStatus;
  domain_count: number;
}

/** Orders per status (migration 0017, kept by triggers on `domain_orders`): the order list's exact total. */
export interface DomainOrderStatusCountsTable {
  status: OrderStatus;
  order_count: number;
}

/** Orders per UTC creation day and status (migration 0012, kept by triggers): the dashboard's chart and date-range totals. */
export interface DomainOrderDayCountsTable {
  /** YYYY-MM-DD */
  day: string;
  status: OrderStatus;
  order_count: number;
}

/** Orders per account and status (migration 0017, kept by triggers on `domain_orders`): an account's exact total. */
export interface DomainOrderAccountCountsTable {
  account_id: string;
  status: OrderStatus;
  order_count: number;
}

/** How an order was paid: the hosted checkout, the account's saved method (auto-renewal), or test mode's record. */
export type OrderPaymentMethod = 'checkout' | 'saved_method' | 'test';

export interface DomainOrdersTable {
  id: string;
  kind: OrderKind;
  account_id: string;
  user_id: string | null;
  ordered_by: string | null;
  domain: string;
  tld: string;
  domain_id: string | null;
  years: number;
  price_cents: number;
  total_cents: number;
  currency: Generated<string>;
  /** JSON ContactInfo of the registration form; null for renewals. */
  contact_info: string | null;
  privacy_protection: DefaultedBool;
  auto_renew: DefaultedBool;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  registration_status: ColumnType<RegistrationStatus, RegistrationStatus | undefined, RegistrationStatus>;
  checkout_session_id: string | null;
  payment_reference: string | null;
  payment_method: OrderPaymentMethod | null;
  paid_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** Set while an operator's refund is asked of the payment provider: no status change but that refund's cancel moves the order until then. */
  refund_claimed_until: Timestamp | null;
  supplier_id: string | null;
  registration_id: string | null;
  registration_date: Timestamp | null;
  expiration_date: Timestamp | null;
  error: string | null;
  admin_notes: string | null;
  admin_action_required: DefaultedBool;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  completed_at: Timestamp | null;
}

export type AttemptOutcome = 'started' | 'succeeded' | 'failed';

export interface DomainOrderAttemptsTable {
  id: string;
  order_id: string;
  supplier_id: string;
  /** 'register', 'renew', or 'check' (the getInfo asked before a retry). */
  operation: 'register' | 'renew' | 'check';
  outcome: AttemptOutcome;
  reason: string | null;
  duration_ms: number | null;
  idempotency_key: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface DomainExpiryNoticesTable {
  domain_id: string;
  /** The expiry the notice was for (ISO); a renewal's new expiry gets its own notices. */
  expiration_date: string;
  days_before: number;
  sent_at: DefaultedTimestamp;
}

export interface Database {
  users: UsersTable;
  auth_session: AuthSessionTable;
  auth_identity: AuthIdentityTable;
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  invitations: InvitationsTable;
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
  invoices: InvoicesTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  audit_log: AuditLogTable;
  impersonations: ImpersonationsTable;
  platform_events: PlatformEventsTable;
  webhooks: WebhooksTable;
  event_flows: EventFlowsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  products: ProductsTable;
  prices: PricesTable;
  subscriptions: SubscriptionsTable;
  invoice_lines: InvoiceLinesTable;
  checkout_sessions: CheckoutSessionsTable;
  payment_events: PaymentEventsTable;
  test_payment_objects: TestPaymentObjectsTable;
  sandbox_registrar_domains: SandboxRegistrarDomainsTable;
  domain_suppliers: DomainSuppliersTable;
  supplier_tld_costs: SupplierTldCostsTable;
  tld_markups: TldMarkupsTable;
  domains: DomainsTable;
  domain_status_counts: DomainStatusCountsTable;
  domain_orders: DomainOrdersTable;
  domain_order_attempts: DomainOrderAttemptsTable;
  domain_order_day_counts: DomainOrderDayCountsTable;
  domain_order_status_counts: DomainOrderStatusCountsTable;
  domain_order_account_counts: DomainOrderAccountCountsTable;
  domain_expiry_notices: DomainExpiryNoticesTable;
}
