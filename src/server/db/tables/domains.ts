import type { ColumnType, Generated } from 'kysely';
import type { DomainStatus } from '../../../common/domains/domains.ts';
import type { OrderKind, OrderStatus, PaymentStatus, RegistrationStatus } from '../../../common/domains/orders.ts';
import type { Timestamp, DefaultedTimestamp, DefaultedBool } from './columns.ts';

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

/** What registering or renewing for `years` years costs in total at a supplier, fees included (migration 0024). */
export interface SupplierTldYearCostsTable {
  supplier_id: string;
  tld: string;
  action: 'register' | 'renew';
  years: number;
  cents: number;
}

export type CostHoldStatus = 'held' | 'approved' | 'rejected';

/** A TLD's costs that a sync read but kept back for an operator: a move beyond the allowed share, or to zero. */
export interface SupplierCostHoldsTable {
  id: string;
  supplier_id: string;
  tld: string;
  /** JSON TldCost as applied before the sync; null for a TLD new to the supplier. */
  before_costs: string | null;
  /** JSON TldCost as the supplier listed it. */
  after_costs: string;
  reason: string;
  status: ColumnType<CostHoldStatus, CostHoldStatus | undefined, CostHoldStatus>;
  detected_at: DefaultedTimestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
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

/** 'api': kept in step with its registrar through the API; 'manual': an operator keeps the record by hand. */
export type ManagementMode = 'manual' | 'api';

export interface DomainsTable {
  id: string;
  /** Null while the domain belongs to no account (imported, awaiting bulk mapping). */
  account_id: string | null;
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
  /** 'manual' when supplier_id is null (the spec's registrar 'manual'), which forces the mode to manual. */
  management_mode: ColumnType<ManagementMode, ManagementMode | undefined, ManagementMode>;
  /** The registry's own last-changed date (RDAP 'last changed'), as the spec's updatedDate. */
  registry_updated_at: Timestamp | null;
  last_verified_at: Timestamp | null;
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
  /** Set while a run of the registration job executes the order, under its token: no second run starts until then. */
  fulfil_lease_until: Timestamp | null;
  fulfil_lease_holder: string | null;
  supplier_id: string | null;
  /** The registrar an operator named for a manual completion at one we do not hold as a supplier ('Other'). */
  registrar_name: string | null;
  registration_id: string | null;
  registration_date: Timestamp | null;
  expiration_date: Timestamp | null;
  /** A renewal's term: the domain's expiry when it was ordered, the one it renews from. */
  renews_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** The registrar's own expiry, read before the first renew call: a later one afterwards means the renewal went through. */
  registrar_expiry_before: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's invoice of the checkout that paid the order (a refund marks it). */
  provider_invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  error: string | null;
  admin_notes: string | null;
  admin_action_required: DefaultedBool;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  completed_at: Timestamp | null;
  /** What the registrar said it charged us for this order, where it says (migration 0024). */
  registrar_charged_cents: number | null;
}

/** 'unknown': the call failed leaving it open whether the supplier acted; a check that could not say (docs/decisions.md, the registrar outcome model). */
export type AttemptOutcome = 'started' | 'succeeded' | 'failed' | 'unknown';

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

/** The domains tables, owned by features/domains (tools/eslint/tableOwners.js). */
/** A field on which a registrar disagrees with our row (migration 0025), while the difference lasts. */
export interface DomainPortfolioDifferencesTable {
  domain_id: string;
  /** 'expiry' | 'status' | 'nameservers' | 'locked' | 'registrarAutoRenew' | 'listed' */
  field: string;
  ours: string | null;
  theirs: string | null;
  /** What an operator must do, when the sync cannot put it right. */
  action: string | null;
  first_seen_at: Timestamp;
  seen_at: Timestamp;
}

/** When the portfolio sync last read the domain one by one (getInfo): the nights rotate over the least recent. */
export interface DomainPortfolioChecksTable {
  domain_id: string;
  info_checked_at: Timestamp;
}

export interface DomainTables {
  domain_suppliers: DomainSuppliersTable;
  supplier_tld_costs: SupplierTldCostsTable;
  supplier_tld_year_costs: SupplierTldYearCostsTable;
  supplier_cost_holds: SupplierCostHoldsTable;
  tld_markups: TldMarkupsTable;
  domains: DomainsTable;
  domain_status_counts: DomainStatusCountsTable;
  domain_order_status_counts: DomainOrderStatusCountsTable;
  domain_order_day_counts: DomainOrderDayCountsTable;
  domain_order_account_counts: DomainOrderAccountCountsTable;
  domain_orders: DomainOrdersTable;
  domain_order_attempts: DomainOrderAttemptsTable;
  domain_expiry_notices: DomainExpiryNoticesTable;
  domain_portfolio_differences: DomainPortfolioDifferencesTable;
  domain_portfolio_checks: DomainPortfolioChecksTable;
}
