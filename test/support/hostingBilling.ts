import { randomBytes, randomUUID } from 'node:crypto';
import type { HostingOrderField } from '../../src/common/hosting/orderFields.ts';
import { sealServerCredentials } from '../../src/server/features/hosting/servers/connection.ts';
import type { PanelConnection, PanelKind } from '../../src/server/integrations/panels/panel.ts';
import { readTestObject, type TestCheckoutRecord } from '../../src/server/integrations/payments/testMode/testObjects.ts';
import { createPlan, type PlanOptions } from './billing/factories.ts';
import { GOOD_CARD } from './payments/testModePayments.ts';
import type { TestApp, TestUser } from './testApp.ts';

/**
 * Tests only: the rows an operator's server and product set-up would leave (a server group, one
 * server with sealed credentials, the product's hosting mapping), written straight to the tables,
 * and a hosting plan bought through the portal's own checkout and the test-mode card page.
 */

const stamp = () => new Date().toISOString();

/** A group with one server reaching `connection` (by default an address nothing listens on: billing never calls a panel). */
export async function hostingServer(t: TestApp, options: { panel?: PanelKind; connection?: PanelConnection } = {}) {
  const suffix = randomBytes(4).toString('hex');
  const groupId = randomUUID();
  const serverId = randomUUID();
  const connection = options.connection
    ?? { kind: 'cpanel', scheme: 'http', host: '127.0.0.1', port: 9, verifyTls: true, credentials: { kind: 'cpanel', username: 'root', apiToken: `TOKEN${suffix}` }, options: {} };
  const now = stamp();
  await t.services.db.insertInto('hosting_server_groups').values({ id: groupId, name: `Group ${suffix}`, created_at: now, updated_at: now }).execute();
  await t.services.db.insertInto('hosting_servers').values({
    id: serverId, name: `server-${suffix}`, panel: options.panel ?? connection.kind, group_id: groupId, scheme: connection.scheme, host: connection.host,
    port: connection.port, verify_tls: connection.verifyTls, credentials: sealServerCredentials(t.services.config, serverId, connection.credentials),
    credentials_updated_at: now, options: JSON.stringify(connection.options), created_at: now, updated_at: now,
  }).execute();
  return { groupId, serverId };
}

/** Maps `productId` to `pkg` on the group's panel, asking the customer for `orderFields` at checkout. */
export async function mapProduct(t: TestApp, productId: string, mapping: { groupId: string; panel?: PanelKind; package?: string; orderFields?: HostingOrderField[] }) {
  const now = stamp();
  await t.services.db.insertInto('hosting_products').values({
    product_id: productId, panel: mapping.panel ?? 'cpanel', group_id: mapping.groupId, package: mapping.package ?? 'starter',
    order_fields: JSON.stringify(mapping.orderFields ?? ['domain']), created_at: now, updated_at: now,
  }).execute();
}

/** A monthly hosting plan on a fresh server group, its product mapped to `package` (asking for the domain unless told). */
export async function hostingPlan(
  t: TestApp, options: PlanOptions & { panel?: PanelKind; package?: string; orderFields?: HostingOrderField[]; groupId?: string } = {},
) {
  const plan = await createPlan(t, { prices: [{ unitAmount: 1500, interval: 'month' }], ...options });
  const groupId = options.groupId ?? (await hostingServer(t, { panel: options.panel })).groupId;
  await mapProduct(t, plan.productId, { groupId, panel: options.panel, package: options.package, orderFields: options.orderFields });
  return { ...plan, groupId };
}

/**
 * Buys `priceId` for the account as a customer does: createStripeCheckoutSession (with the
 * order-time domain when given), then the test card on the test checkout page. Answers the
 * provider's subscription id and the portal's subscription row id.
 */
export async function buyPlan(t: TestApp, user: TestUser, accountId: string, priceId: string, domain?: string) {
  const started = await t.call('createStripeCheckoutSession', { priceId, accountId, ...(domain === undefined ? {} : { hosting: { domain } }) }, user);
  if (started.status !== 200) throw new Error(`createStripeCheckoutSession failed ${started.status}: ${JSON.stringify(started.error)}`);
  const sessionId = started.result.sessionId as string;
  const paid = await t.call('payTestCheckout', { sessionId, ...GOOD_CARD }, user);
  if (paid.status !== 200) throw new Error(`payTestCheckout failed ${paid.status}: ${JSON.stringify(paid.error)}`);
  const session = (await readTestObject<TestCheckoutRecord>(t.services.db, 'checkout_session', sessionId))!;
  const row = await t.services.db.selectFrom('subscriptions').select('id').where('provider_subscription_id', '=', session.subscription!).executeTakeFirstOrThrow();
  return { sessionId, providerSubscriptionId: session.subscription!, customerId: session.customer!, subscriptionId: row.id };
}

export async function serviceOfSubscription(t: TestApp, subscriptionId: string) {
  return t.services.db.selectFrom('hosting_services').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
}

/** The service's steps, oldest first: action, input and status. */
export async function stepsOf(t: TestApp, serviceId: string) {
  const rows = await t.services.db.selectFrom('hosting_steps').select(['action', 'input', 'status', 'requested_by'])
    .where('service_id', '=', serviceId).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => ({ action: row.action, input: JSON.parse(row.input) as Record<string, unknown>, status: row.status, requestedBy: row.requested_by }));
}

/** What the runner would leave once the service's steps are carried out: the account on the panel, in `status`. */
export async function settleService(t: TestApp, serviceId: string, status: 'active' | 'suspended', suspendReason: 'overdue' | 'operator' | null = null) {
  const now = stamp();
  await t.services.db.updateTable('hosting_steps').set({ status: 'done', finished_at: now, updated_at: now })
    .where('service_id', '=', serviceId).where('status', 'in', ['queued', 'running', 'waiting']).execute();
  await t.services.db.updateTable('hosting_services')
    .set({ status, suspend_reason: suspendReason, username: `u${serviceId.replaceAll('-', '').slice(0, 7)}`, updated_at: now })
    .where('id', '=', serviceId).execute();
}
