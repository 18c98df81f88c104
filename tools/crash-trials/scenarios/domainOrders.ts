import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { PROCESSING_WINDOW_MS } from '../../../src/server/features/domains/fulfilment/calls.ts';
import { FULFIL_LEASE_MS } from '../../../src/server/features/domains/fulfilment/lease.ts';
import { FULFIL_ORDER_QUEUE } from '../../../src/server/features/domains/orders/queues.ts';
import { TEST_EVENT_DELIVERY_QUEUE } from '../../../src/server/integrations/payments/testMode/testEvents.ts';
import { GOOD_CARD, type PortalClient, sessionIdOf } from '../portalClient.ts';
import { fastForwardJobs } from '../trialDatabase.ts';
import { until } from '../trialRunner.ts';

/** What the customer types on the registration form. */
export const contact = {
  firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', phone: '(555) 555-0100', organization: '',
  address: '1 Compiler Way', city: 'Arlington', state: 'VA', postalCode: '22201', country: 'US',
};

/** The jobs between a payment and a registration: the test provider's event delivery and the registration job. */
export const ORDER_QUEUES = [TEST_EVENT_DELIVERY_QUEUE, FULFIL_ORDER_QUEUE];

export const registerInput = (domain: string, accountId: string) => ({
  domain, registrationYears: 1, contactInfo: contact, privacyProtection: true, autoRenew: true, accountId,
});

/** The customer's steps for a new name: the order, its checkout, the test card. */
export async function orderAndPay(client: PortalClient, accountId: string, domain: string): Promise<void> {
  const { orderId } = await client.must<{ orderId: string }>('registerDomain', registerInput(domain, accountId));
  const { url } = await client.must<{ url: string }>('payDomainOrder', { orderId });
  await client.must('payTestCheckout', { sessionId: sessionIdOf(url), ...GOOD_CARD });
}

export async function ordersFor(db: DatabaseHandle['db'], accountId: string, domain: string) {
  return db.selectFrom('domain_orders').select(['id', 'status', 'payment_status', 'supplier_id', 'paid_at'])
    .where('account_id', '=', accountId).where('domain', '=', domain).execute();
}

/**
 * The customer back after the crash, on their orders page: an order of this name awaiting payment is
 * paid (its open checkout, or a new one); with none, the name is ordered again. Any answer but a
 * success is looked at again on the next pass (the order may have moved on meanwhile).
 */
export async function customerCompletesPayment(client: PortalClient, db: DatabaseHandle['db'], accountId: string, domain: string): Promise<void> {
  await until(async () => {
    const orders = await ordersFor(db, accountId, domain);
    const live = orders.filter((o) => o.status !== 'cancelled');
    if (live.some((o) => o.status !== 'pending_payment')) return true;
    if (live.length === 0) {
      await client.call('registerDomain', registerInput(domain, accountId));
      return undefined;
    }
    const pay = await client.call<{ url: string }>('payDomainOrder', { orderId: live[0]!.id });
    if (pay.status === 200) await client.call('payTestCheckout', { sessionId: sessionIdOf(pay.result!.url), ...GOOD_CARD });
    return undefined;
  }, 60_000, `the customer's payment of ${domain}`, 100);
}

/**
 * Time passing for work the killed process held: the job leases, the retry delays and the order's
 * fulfilment lease (all about ten minutes) are moved into the past; the portal's own lease checks
 * and retries do the rest. Only what was claimed before the kill moves. A registrar call the dead
 * process began and never recorded has an unknown outcome: the job takes the supplier's "not
 * found" as a no only PROCESSING_WINDOW_MS (30 minutes) after the call began, so such a call's
 * start moves back by that window too.
 */
export async function fastForwardOrderWork(handle: DatabaseHandle, orderIds: string[], killedAt: Date): Promise<void> {
  await fastForwardJobs(handle, ORDER_QUEUES, killedAt);
  if (orderIds.length === 0) return;
  const takenBefore = new Date(killedAt.getTime() + FULFIL_LEASE_MS).toISOString();
  const past = new Date(Date.now() - 1000).toISOString();
  await handle.db.updateTable('domain_orders').set({ fulfil_lease_until: past })
    .where('id', 'in', orderIds).where('fulfil_lease_until', '<=', takenBefore).where('fulfil_lease_until', '>', past).execute();
  const calledBefore = killedAt.toISOString();
  const windowAgo = new Date(Date.now() - PROCESSING_WINDOW_MS - 1000).toISOString();
  await handle.db.updateTable('domain_order_attempts').set({ started_at: windowAgo })
    .where('order_id', 'in', orderIds).where('outcome', 'in', ['started', 'unknown']).where('operation', 'in', ['register', 'renew'])
    .where('started_at', '<', calledBefore).where('started_at', '>', windowAgo).execute();
}

/** The test provider's completed checkouts of this order: each one a charge to the customer's card. */
export async function chargesOf(db: DatabaseHandle['db'], orderId: string): Promise<number> {
  const rows = await db.selectFrom('test_payment_objects').select('data').where('kind', '=', 'checkout_session')
    .where(sql<boolean>`data like ${`%${orderId}%`}`).execute();
  return rows.map((row) => JSON.parse(row.data) as { status: string; metadata?: { reference?: string } })
    .filter((session) => session.status === 'complete' && session.metadata?.reference === orderId).length;
}
