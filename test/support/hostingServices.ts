import { randomBytes, randomUUID } from 'node:crypto';
import type { HostingServiceStatus, HostingSuspendReason } from '../../src/server/db/tables/hosting.ts';
import type { PanelKind, PanelUsage } from '../../src/server/integrations/panels/panel.ts';
import { hostingServer } from './hostingBilling.ts';
import { startCpanelFake } from './panels/cpanel.fake.ts';
import type { FakePanel } from './panels/fakePanel.ts';
import type { TestApp } from './testApp.ts';

/**
 * Tests only: a hosting service row in any state, as the runner would leave it, written straight
 * to the table (billing makes only pending ones). With `fake`, the service's server is that fake
 * panel and the account exists on it; without, the server is an address nothing listens on.
 */
export interface ServiceRowOptions {
  fake?: FakePanel;
  panel?: PanelKind;
  status?: HostingServiceStatus;
  suspendReason?: HostingSuspendReason | null;
  suspendNote?: string | null;
  usage?: PanelUsage | null;
  subscriptionId?: string | null;
  productName?: string;
  displayHost?: string;
}

export async function hostingServiceRow(t: TestApp, accountId: string, options: ServiceRowOptions = {}) {
  const status = options.status ?? 'active';
  const connection = options.fake ? { ...options.fake.connection(), options: options.displayHost ? { displayHost: options.displayHost } : {} } : undefined;
  const { serverId } = await hostingServer(t, { connection, panel: options.fake?.kind ?? options.panel });
  const username = status === 'pending' ? null : `u${randomBytes(4).toString('hex').slice(0, 7)}`;
  const domain = `site-${randomBytes(4).toString('hex')}.example`;
  if (options.fake && username) options.fake.seedAccount({ username, domain, package: 'starter', suspended: status === 'suspended' });
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.services.db.insertInto('hosting_services').values({
    id, account_id: accountId, subscription_id: options.subscriptionId ?? null, product_name: options.productName ?? 'Business Hosting',
    panel: options.fake?.kind ?? options.panel ?? 'cpanel', server_id: serverId, status,
    suspend_reason: status === 'suspended' ? options.suspendReason ?? 'overdue' : null, suspend_note: options.suspendNote ?? null,
    username, domain, package: 'starter', usage: options.usage ? JSON.stringify(options.usage) : null, usage_at: options.usage ? now : null,
    activated_at: status === 'pending' ? null : now, created_at: now, updated_at: now,
  }).execute();
  return { serviceId: id, serverId, username, domain };
}

let sharedFake: Promise<FakePanel> | null = null;

/**
 * One cPanel fake for the whole test file's permission matrix (an SSO sample needs a panel that
 * answers); it lives as long as the test worker.
 */
export function sharedCpanelFake(): Promise<FakePanel> {
  sharedFake ??= startCpanelFake();
  return sharedFake;
}
