import type { DefaultedTimestamp, Epoch } from './columns.ts';

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

/** The payments tables, owned by integrations/payments (tools/eslint/tableOwners.js). */
export interface PaymentTables {
  payment_events: PaymentEventsTable;
  test_payment_objects: TestPaymentObjectsTable;
}
