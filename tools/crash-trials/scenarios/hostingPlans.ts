import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { HOSTING_STEP_QUEUE } from '../../../src/server/features/hosting/lifecycle/requestStep.ts';
import { STEP_LEASE_MS } from '../../../src/server/features/hosting/lifecycle/runStep.ts';
import { TEST_EVENT_DELIVERY_QUEUE } from '../../../src/server/integrations/payments/testMode/testEvents.ts';
import type { PanelConnection } from '../../../src/server/integrations/panels/panel.ts';
import { GOOD_CARD, type PortalClient } from '../portalClient.ts';
import { fastForwardJobs } from '../trialDatabase.ts';

/** The jobs between a plan's payment and its hosting account: the test provider's event delivery and the lifecycle step. */
export const HOSTING_QUEUES = [TEST_EVENT_DELIVERY_QUEUE, HOSTING_STEP_QUEUE];

/** The package the plan maps to on the panel (the cPanel fake offers it from the start). */
export const PLAN_PACKAGE = 'starter';

/**
 * The operator's set-up, over HTTP as the super admin: a server group, a server reaching the panel
 * at `connection` (plain http on 127.0.0.1, as the server form allows, TLS not verified), a monthly
 * plan in the catalogue and its mapping to the panel's package, asking the customer for the domain.
 */
export async function setUpHostingPlan(admin: PortalClient, connection: PanelConnection, name: string): Promise<{ priceId: string }> {
  const { group } = await admin.must<{ group: { id: string } }>('saveServerGroup', { name: `${name} servers`, fillPolicy: 'fill' });
  await admin.must('saveHostingServer', {
    name: `${name} web1`, panel: connection.kind, groupId: group.id, scheme: connection.scheme, host: connection.host, port: connection.port,
    verifyTls: connection.verifyTls, credentials: connection.credentials,
  });
  const { product } = await admin.must<{ product: { id: string } }>('adminSaveProduct', { name, category: 'Hosting', features: ['1 website'] });
  const { price } = await admin.must<{ price: { id: string } }>('adminSavePrice', { productId: product.id, unitAmount: 1500, currency: 'USD', interval: 'month' });
  await admin.must('saveHostingProduct', { productId: product.id, panel: connection.kind, groupId: group.id, package: PLAN_PACKAGE, orderFields: ['domain'] });
  return { priceId: price.id };
}

/** The customer's steps for the plan: the checkout with the site's domain, then the test card on its page. */
export async function buyPlan(client: PortalClient, accountId: string, priceId: string, domain: string): Promise<void> {
  const { sessionId } = await client.must<{ sessionId: string }>('createStripeCheckoutSession', { priceId, accountId, hosting: { domain } });
  await client.must('payTestCheckout', { sessionId, ...GOOD_CARD });
}

export const subscriptionsOf = (db: DatabaseHandle['db'], accountId: string) =>
  db.selectFrom('subscriptions').select(['id', 'status']).where('account_id', '=', accountId).execute();

export const servicesOf = (db: DatabaseHandle['db'], accountId: string) =>
  db.selectFrom('hosting_services').select(['id', 'subscription_id', 'status', 'username', 'password', 'domain'])
    .where('account_id', '=', accountId).execute();

export const createStepsOf = (db: DatabaseHandle['db'], serviceId: string) =>
  db.selectFrom('hosting_steps').select(['id', 'status', 'last_error']).where('service_id', '=', serviceId).where('action', '=', 'create').execute();

/**
 * The test provider's completed checkouts for the account, read from its ledger (the portal's own
 * checkout row completes later, with its event): each one a charge to the customer's card.
 */
export async function chargesOf(db: DatabaseHandle['db'], accountId: string): Promise<number> {
  const rows = await db.selectFrom('test_payment_objects').select('data').where('kind', '=', 'checkout_session')
    .where(sql<boolean>`data like ${`%${accountId}%`}`).execute();
  return rows.map((row) => JSON.parse(row.data) as { status: string; metadata?: { accountId?: string } })
    .filter((session) => session.status === 'complete' && session.metadata?.accountId === accountId).length;
}

/**
 * The customer back after the crash, on their billing page, until the plan shows as bought: with no
 * checkout started, they start one; with one open, they pay it (a checkout already paid answers an
 * error, and the next look finds the subscription once the payment's event arrived). Answers true
 * once the account has its subscription.
 */
export async function customerCompletesPurchase(client: PortalClient, db: DatabaseHandle['db'], accountId: string, priceId: string, domain: string): Promise<boolean> {
  if ((await subscriptionsOf(db, accountId)).length > 0) return true;
  const checkouts = await db.selectFrom('checkout_sessions').select(['provider_session_id', 'status'])
    .where('account_id', '=', accountId).orderBy('created_at', 'desc').execute();
  if (checkouts.some((c) => c.status === 'complete')) return false;
  const open = checkouts.find((c) => c.status === 'open');
  if (open) await client.call('payTestCheckout', { sessionId: open.provider_session_id, ...GOOD_CARD });
  else await client.call('createStripeCheckoutSession', { priceId, accountId, hosting: { domain } });
  return false;
}

/**
 * Time passing for work the killed process held: the jobs' leases and retry delays, and the claim
 * on a lifecycle step that was running when it died (STEP_LEASE_MS, 16 minutes, after its claim).
 * Only claims made before the kill move; the runner's own claim rules and its read of the panel
 * decide the rest. A step waiting for its next look (backoff 60 s and more) is due at once, with its job.
 */
export async function fastForwardHostingWork(handle: DatabaseHandle, serviceIds: string[], killedAt: Date): Promise<void> {
  await fastForwardJobs(handle, HOSTING_QUEUES, killedAt);
  if (serviceIds.length === 0) return;
  const leaseAgo = new Date(Date.now() - STEP_LEASE_MS - 1000).toISOString();
  await handle.db.updateTable('hosting_steps').set({ updated_at: leaseAgo })
    .where('service_id', 'in', serviceIds).where('status', '=', 'running')
    .where('updated_at', '<', killedAt.toISOString()).where('updated_at', '>', leaseAgo).execute();
  const now = new Date().toISOString();
  await handle.db.updateTable('hosting_steps').set({ next_attempt_at: now })
    .where('service_id', 'in', serviceIds).where('status', '=', 'waiting').where('next_attempt_at', '>', now).execute();
}
