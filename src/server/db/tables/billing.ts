import type { InvoiceStatus, PriceInterval, SubscriptionStatus } from '../../../common/billing/billing.ts';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, DefaultedTimestamp, DefaultedBool, Epoch } from './columns.ts';

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
  /** Money given back on the invoice's payment (a refunded domain order): the invoice stays paid, as at the provider. */
  refunded_cents: ColumnType<number, number | undefined, number>;
  refunded_at: ColumnType<string | null, string | null | undefined, string | null>;
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

/** The billing tables, owned by features/billing (tools/eslint/tableOwners.js). */
export interface BillingTables {
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  subscriptions: SubscriptionsTable;
}
