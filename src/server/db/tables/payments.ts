import type { ColumnType, Generated } from 'kysely';
import type { CheckoutMode, CheckoutStatus } from '../../../common/billing/billing.ts';
import type { DefaultedTimestamp, Epoch, Timestamp } from './columns.ts';

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

/** The payments tables, owned by integrations/payments (tools/eslint/tableOwners.js). */
export interface PaymentTables {
  payment_events: PaymentEventsTable;
  test_payment_objects: TestPaymentObjectsTable;
  checkout_sessions: CheckoutSessionsTable;
}
