import { randomBytes, randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { PriceInterval } from '../../../../common/billing/billing.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import type { ProviderCheckoutSession, ProviderCustomer, ProviderInvoice, ProviderSubscription } from '../events.ts';

/**
 * What the test-mode provider keeps in `test_payment_objects`, as Stripe keeps it on its side:
 * Stripe's shapes (events.ts) plus the few facts its hosted pages need, which never leave
 * test mode (the `*Object` projections drop them before an object goes out).
 */
export const epochNow = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);
export const testId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;

export type TestObjectKind = 'customer' | 'checkout_session' | 'subscription' | 'invoice' | 'portal_session' | 'idempotency_key' | 'event_clock' | 'refund';

/** A checkout session as the test provider keeps it: Stripe's shape plus what its page needs. */
export interface TestCheckoutRecord extends ProviderCheckoutSession {
  userId: string;
  successUrl: string;
  cancelUrl: string;
  line: { description: string; unitAmount: number; currency: string; interval: PriceInterval | null; providerPriceId: string | null; productId: string | null };
  quantity: number;
}

export interface TestPortalRecord {
  id: string;
  customerId: string;
  accountId: string;
  userId: string;
  returnUrl: string;
  created: number;
}

/** The card on file: what a card network would let a merchant keep (never the number). */
/** A refund test mode made, as Stripe answers one. */
export interface TestRefundRecord {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  reason: string;
  created: number;
}

export interface TestCardOnFile {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The declining test card: accepted on file, refused at the next charge. */
  declines: boolean;
}

export interface TestCustomerRecord extends ProviderCustomer {
  /** Stripe's per-customer invoice numbering: `TEST-{prefix}-{sequence}`. */
  invoice_prefix: string;
  next_invoice_sequence: number;
  card: TestCardOnFile | null;
  subscriptionIds: string[];
  invoiceIds: string[];
  /**
   * When its last invoice was issued: the next one is at least a second later, so a customer's
   * invoices keep their order in lists that sort by date (a test-portal renewal can follow the
   * checkout within the same second; Stripe's clock counts seconds). Absent on older records.
   */
  last_invoice_created?: number;
}

export interface TestSubscriptionRecord extends ProviderSubscription {
  /** Periods are counted from here, so a subscription started on the 31st renews at each month's end. */
  billing_cycle_anchor: number;
  latest_invoice: string | null;
  /** The product's name when it was bought, for the portal page. */
  productName: string;
}

export interface TestInvoiceRecord extends ProviderInvoice {
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'manual';
}

export async function readTestObject<T>(db: Db, kind: TestObjectKind, id: string): Promise<T | null> {
  const row = await db.selectFrom('test_payment_objects').select('data').where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  return row ? JSON.parse(row.data) as T : null;
}

export async function writeTestObject(db: Db, kind: TestObjectKind, id: string, data: object): Promise<void> {
  const json = JSON.stringify(data);
  // The stand-in provider's own bookkeeping, on the database's time as Stripe's is on Stripe's.
  await db.insertInto('test_payment_objects').values({ id, kind, data: json })
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ data: json, updated_at: eb.ref('excluded.updated_at') }))).execute();
}

/**
 * Reads an object for a change: the update first takes the row's lock (PostgreSQL) or the
 * database's write lock (SQLite), so two payments of one session queue up and the second
 * reads what the first committed instead of both reading "open".
 */
export async function lockTestObject<T>(db: Transaction<Database>, kind: TestObjectKind, id: string): Promise<T | null> {
  await db.updateTable('test_payment_objects').set({ kind }).where('id', '=', id).where('kind', '=', kind).execute();
  return readTestObject<T>(db, kind, id);
}

export async function readTestObjects<T>(db: Db, kind: TestObjectKind, ids: string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('test_payment_objects').select(['id', 'data']).where('kind', '=', kind).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, JSON.parse(r.data) as T]));
  return ids.map((id) => byId.get(id)).filter((o): o is Awaited<T> => o !== undefined);
}

export function newTestCustomer(input: { id?: string; email: string | null; name: string | null; accountId: string; now: number }): TestCustomerRecord {
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  return {
    id: input.id ?? testId('cus'), object: 'customer', email: input.email, name: input.name, metadata: { accountId: input.accountId },
    created: input.now, invoice_prefix: letters, next_invoice_sequence: 1, card: null, subscriptionIds: [], invoiceIds: [],
  };
}

/** The objects as Stripe would hand them out: without the test provider's own facts. */
export function checkoutObject(record: TestCheckoutRecord): ProviderCheckoutSession {
  const { userId: _u, successUrl: _s, cancelUrl: _c, line: _l, quantity: _q, ...object } = record;
  return object;
}

export function subscriptionObject(record: TestSubscriptionRecord): ProviderSubscription {
  const { productName: _p, ...object } = record;
  return object;
}
