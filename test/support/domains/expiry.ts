import type { TestApp } from '../testApp.ts';
import { FULFIL_ORDER_QUEUE } from '../../../src/server/features/domains/orders/queues.ts';

// For tests of the daily expiry job.

export const DAY_MS = 86_400_000;
export const daysLater = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

export async function domainRow(t: TestApp, domainId: string) {
  return t.services.db.selectFrom('domains').selectAll().where('id', '=', domainId).executeTakeFirstOrThrow();
}

/** The domain's expiry as stored, in ISO form. */
export async function expiryOf(t: TestApp, domainId: string): Promise<string> {
  const { expiration_date: expiresAt } = await domainRow(t, domainId);
  if (expiresAt === null) throw new Error(`domain ${domainId} has no expiry`);
  return new Date(expiresAt).toISOString();
}

/** The domain's renewal orders, oldest first. */
export async function renewalOrders(t: TestApp, domainId: string) {
  return t.services.db.selectFrom('domain_orders').selectAll().where('domain_id', '=', domainId).where('kind', '=', 'renewal')
    .orderBy('created_at').orderBy('id').execute();
}

/** The fulfilment jobs queued for an order (the worker is another part's; these tests only see the job). */
export async function fulfilJobs(t: TestApp, orderId: string) {
  const rows = await t.services.db.selectFrom('jobs').select(['payload', 'singleton_key']).where('queue', '=', FULFIL_ORDER_QUEUE)
    .where('singleton_key', '=', orderId).execute();
  return rows.map((row) => ({ key: row.singleton_key, payload: JSON.parse(row.payload) as unknown }));
}

/** Platform events of a type whose payload names the domain. */
export async function eventsAbout(t: TestApp, type: string, domain: string) {
  const rows = await t.services.db.selectFrom('platform_events').select(['event_type', 'account_id', 'severity', 'payload'])
    .where('event_type', '=', type).orderBy('created_at').execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> })).filter((row) => row.payload.domain === domain);
}

/** Mails whose subject names the domain, for one address. */
export async function mailsAbout(t: TestApp, to: string, domain: string) {
  return (await t.outbox(to)).filter((mail) => mail.subject.includes(domain));
}

export async function setBillingEmail(t: TestApp, accountId: string, email: string | null) {
  await t.services.db.updateTable('accounts').set({ billing_email: email }).where('id', '=', accountId).execute();
}

/** The account's payment customer, as a paid checkout leaves it. */
export async function setPaymentCustomer(t: TestApp, accountId: string, customerId: string | null) {
  await t.services.db.updateTable('accounts').set({ stripe_customer_id: customerId }).where('id', '=', accountId).execute();
}
