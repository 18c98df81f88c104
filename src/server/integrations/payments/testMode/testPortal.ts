import { TEST_SESSION_NOT_FOUND } from '../../../../common/testPayments/contract.ts';
import type { Db, Tx } from '../../../db/transaction.ts';
import { PaymentProviderError } from '../provider.ts';
import {
  lockTestObject, readTestObject, readTestObjects, type TestCardOnFile, type TestCustomerRecord, type TestInvoiceRecord,
  type TestPortalRecord, type TestSubscriptionRecord, writeTestObject,
} from './testObjects.ts';

/** Like Stripe's Billing Portal sessions: a link to the portal is good for an hour. */
export const PORTAL_LIFETIME_SECONDS = 60 * 60;

export function isLivePortal(portal: TestPortalRecord, now: number): boolean {
  return now - portal.created < PORTAL_LIFETIME_SECONDS;
}

export interface TestPortalContents {
  customer: TestCustomerRecord;
  subscriptions: TestSubscriptionRecord[];
  /** Newest first. */
  invoices: TestInvoiceRecord[];
}

/** What the customer portal shows of its customer: the card on file, the subscriptions, the invoices. */
export async function testPortalContents(db: Db, customerId: string): Promise<TestPortalContents> {
  const customer = await readTestObject<TestCustomerRecord>(db, 'customer', customerId);
  if (!customer) throw new PaymentProviderError('not_found', TEST_SESSION_NOT_FOUND);
  const [subscriptions, invoices] = await Promise.all([
    readTestObjects<TestSubscriptionRecord>(db, 'subscription', customer.subscriptionIds),
    readTestObjects<TestInvoiceRecord>(db, 'invoice', customer.invoiceIds),
  ]);
  return { customer, subscriptions, invoices: invoices.sort((a, b) => b.created - a.created || b.number!.localeCompare(a.number!)) };
}

/** Replaces the card on file; nothing is charged now (Stripe sends no event the portal acts on). */
export async function updateTestCard(tx: Tx, customerId: string, card: TestCardOnFile): Promise<void> {
  const customer = await lockTestObject<TestCustomerRecord>(tx.db, 'customer', customerId);
  if (!customer) throw new PaymentProviderError('not_found', TEST_SESSION_NOT_FOUND);
  await writeTestObject(tx.db, 'customer', customer.id, { ...customer, card });
}
