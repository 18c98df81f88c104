import { randomBytes, randomUUID } from 'node:crypto';
import type { HostingStepAction, HostingStepStatus, ServerFillPolicy } from '../../src/server/db/tables/hosting.ts';
import { inTransaction } from '../../src/server/db/transaction.ts';
import { requestStep } from '../../src/server/features/hosting/lifecycle/requestStep.ts';
import { sealServerCredentials } from '../../src/server/features/hosting/servers/connection.ts';
import type { PanelKind } from '../../src/server/integrations/panels/panel.ts';
import type { FakePanel } from './panels/fakePanel.ts';
import type { TestApp } from './testApp.ts';
import { waitFor } from './waitFor.ts';

/** Hosting rows written straight into the database, for tests of the lifecycle and the provisioning queue. */

const unique = () => randomBytes(4).toString('hex');

export async function seedServerGroup(t: TestApp, fillPolicy: ServerFillPolicy = 'fill'): Promise<string> {
  const id = randomUUID();
  const now = t.services.clock.nowIso();
  await t.services.db.insertInto('hosting_server_groups').values({ id, name: `Group ${unique()}`, fill_policy: fillPolicy, created_at: now, updated_at: now }).execute();
  return id;
}

/** A server that reaches `fake` with its valid credentials, sealed as the back office stores them. */
export async function seedServer(t: TestApp, fake: Pick<FakePanel, 'kind' | 'connection'>, options: { groupId: string | null; maxAccounts?: number | null; enabled?: boolean; displayHost?: string }): Promise<string> {
  const id = randomUUID();
  const now = t.services.clock.nowIso();
  const connection = fake.connection();
  await t.services.db.insertInto('hosting_servers').values({
    id, name: `Server ${unique()}`, panel: fake.kind, group_id: options.groupId, scheme: connection.scheme, host: connection.host, port: connection.port,
    verify_tls: connection.verifyTls, credentials: sealServerCredentials(t.services.config, id, connection.credentials), credentials_updated_at: now,
    options: JSON.stringify({ ...connection.options, ...(options.displayHost ? { displayHost: options.displayHost } : {}) }),
    max_accounts: options.maxAccounts ?? null, enabled: options.enabled ?? true, created_at: now, updated_at: now,
  }).execute();
  return id;
}

/** A catalogue product mapped to `packageName` on the group's panel. */
export async function seedHostingPlan(t: TestApp, options: { panel: PanelKind; groupId: string; packageName?: string; name?: string }): Promise<{ productId: string; name: string }> {
  const productId = `prod_${unique()}`;
  const name = options.name ?? 'Business';
  const now = t.services.clock.nowIso();
  await t.services.db.insertInto('products').values({ id: productId, provider_product_id: null, name, category: 'hosting', provider_updated: null }).execute();
  await t.services.db.insertInto('prices').values({
    id: `price_${unique()}`, product_id: productId, provider_price_id: null, unit_amount: 1500, currency: 'usd', interval: 'month', active: true, provider_updated: null,
  }).execute();
  await t.services.db.insertInto('hosting_products').values({
    product_id: productId, panel: options.panel, group_id: options.groupId, package: options.packageName ?? 'starter', order_fields: '["domain"]', created_at: now, updated_at: now,
  }).execute();
  return { productId, name };
}

/** A service waiting for its account, as billing leaves it when the first invoice is paid. */
export async function seedPendingService(t: TestApp, options: { accountId: string; productId: string; productName: string; panel: PanelKind; domain?: string | null; serverId?: string | null }): Promise<string> {
  const id = randomUUID();
  const now = t.services.clock.nowIso();
  await t.services.db.insertInto('hosting_services').values({
    id, account_id: options.accountId, subscription_id: null, product_id: options.productId, product_name: options.productName, panel: options.panel,
    server_id: options.serverId ?? null, status: 'pending', domain: options.domain === undefined ? `site-${unique()}.example` : options.domain,
    created_at: now, updated_at: now,
  }).execute();
  return id;
}

export async function requestHostingStep(t: TestApp, serviceId: string, action: HostingStepAction, input?: Record<string, unknown>): Promise<string> {
  return inTransaction(t.services.db, (tx) => requestStep(tx, t.services, { serviceId, action, input, requestedBy: null }));
}

export const serviceRow = (t: TestApp, id: string) => t.services.db.selectFrom('hosting_services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const stepRow = (t: TestApp, id: string) => t.services.db.selectFrom('hosting_steps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const attemptRows = (t: TestApp, stepId: string) =>
  t.services.db.selectFrom('hosting_attempts').selectAll().where('step_id', '=', stepId).orderBy('started_at').orderBy('id').execute();

/** Waits until the step reaches one of `statuses` (the worker runs it). */
export async function stepReaches(t: TestApp, stepId: string, statuses: HostingStepStatus[]) {
  try {
    return await waitFor(async () => {
      const step = await stepRow(t, stepId);
      return statuses.includes(step.status) ? step : undefined;
    });
  } catch (error) {
    // A step that never gets there says where it stood: its row and its attempts, so a slow CI run can be read afterwards.
    const step = await stepRow(t, stepId);
    const attempts = await attemptRows(t, stepId);
    throw new Error(`step ${step.action} stayed ${step.status} (attempts ${step.attempts}, last error ${step.last_error ?? 'none'}); attempts: ${JSON.stringify(attempts)}`, { cause: error });
  }
}

export async function hostingEvents(t: TestApp, serviceId: string) {
  const rows = await t.services.db.selectFrom('platform_events').select(['event_type', 'payload']).where('correlation_id', '=', serviceId).orderBy('created_at').execute();
  return rows.map((r) => ({ type: r.event_type, payload: JSON.parse(r.payload) as Record<string, unknown> }));
}

/** A failed step of a fresh pending service of `accountId` (a server row that is never called), as the provisioning queue lists it. */
export async function seedFailedStep(t: TestApp, accountId: string, action: HostingStepAction = 'create', input: Record<string, unknown> = {}) {
  const groupId = await seedServerGroup(t);
  const serverId = await seedServer(t, UNREACHABLE_CPANEL, { groupId });
  const { productId, name } = await seedHostingPlan(t, { panel: 'cpanel', groupId });
  const serviceId = await seedPendingService(t, { accountId, productId, productName: name, panel: 'cpanel', serverId });
  const stepId = `stp_${unique()}${unique()}`;
  const now = t.services.clock.nowIso();
  await t.services.db.insertInto('hosting_steps').values({
    id: stepId, service_id: serviceId, action, input: JSON.stringify(input), status: 'failed', attempts: 1, last_error: 'Sorry, the package does not exist.',
    requested_by: null, created_at: now, updated_at: now, finished_at: now,
  }).execute();
  return { stepId, serviceId, serverId };
}

/** A cPanel server at a closed port, for rows no test calls. */
export const UNREACHABLE_CPANEL: Pick<FakePanel, 'kind' | 'connection'> = {
  kind: 'cpanel',
  connection: () => ({ kind: 'cpanel', scheme: 'http', host: '127.0.0.1', port: 9, verifyTls: false, credentials: { kind: 'cpanel', username: 'root', apiToken: 'UNREACHABLE-TOKEN' }, options: {} }),
};
