import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from '../../../../../test/support/billing/factories.ts';
import { accountWithMembers } from '../../../../../test/support/factories.ts';
import { hostingServer } from '../../../../../test/support/hostingBilling.ts';
import { fakePanels } from '../../../../../test/support/panels/index.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import type { HostingServiceStatus } from '../../../db/tables/hosting.ts';
import { createPanel } from '../../../integrations/panels/createPanel.ts';
import { type Panel, type PanelConnection, PanelError, type PanelUsage } from '../../../integrations/panels/panel.ts';
import { HOSTING_USAGE_CRON, HOSTING_USAGE_QUEUE, registerUsageWorker, runUsageUpdate } from './usage.ts';

/** Two stand-in panels beside the real adapters: one that reports figures, one whose server is down. */
const STUB_UP = 'stub-up.panel.test';
const STUB_DOWN = 'stub-down.panel.test';
const stubFigures = (username: string): PanelUsage => ({ diskUsedMb: username.length, diskLimitMb: 1024, bandwidthUsedMb: 7, bandwidthLimitMb: null, mailboxes: 2 });

const stub = (connection: PanelConnection): Panel => ({
  kind: connection.kind,
  capabilities: { sso: true, changePassword: true, usage: true, resumableCreate: false },
  usage: async (account) => {
    if (connection.host === STUB_DOWN) throw new PanelError('unavailable', 'connection refused', { panel: connection.kind, command: 'showbw' });
    if (account.username === 'gonegone') throw new PanelError('not_found', 'no such user', { panel: connection.kind, command: 'showbw' });
    return stubFigures(account.username);
  },
}) as Partial<Panel> as Panel;
const hostingPanel = (connection: PanelConnection) => ([STUB_UP, STUB_DOWN].includes(connection.host) ? stub(connection) : createPanel(connection));

describeEachDialect('the daily usage figures', (dialect) => {
  let t: TestApp;
  const errorLog: string[] = [];
  beforeAll(async () => { t = await startTestApp(dialect, { errorLog, config: { hostingPanel } }); });
  afterAll(async () => { await t.stop(); });

  const stubConnection = (host: string): PanelConnection => ({
    kind: 'cpanel', scheme: 'http', host, port: 2087, verifyTls: true, credentials: { kind: 'cpanel', username: 'root', apiToken: 'STUBTOKEN0123456789' }, options: {},
  });

  async function serviceOn(serverId: string, username: string, status: HostingServiceStatus = 'active', panel: PanelConnection['kind'] = 'cpanel') {
    const a = await accountWithMembers(t);
    const { productId } = await createPlan(t);
    const id = randomUUID();
    const now = new Date().toISOString();
    await t.services.db.insertInto('hosting_services').values({
      id, account_id: a.accountId, product_id: productId, product_name: 'Plan', panel, server_id: serverId, status, username,
      domain: `${username}.example`, package: 'starter', created_at: now, updated_at: now,
    }).execute();
    return id;
  }
  const usageOf = async (id: string) => {
    const row = await t.services.db.selectFrom('hosting_services').select(['usage', 'usage_at']).where('id', '=', id).executeTakeFirstOrThrow();
    return { usage: row.usage === null ? null : JSON.parse(row.usage) as PanelUsage, usageAt: row.usage_at };
  };

  it('is scheduled once a day', async () => {
    await registerUsageWorker(t.services.jobs, t.services);
    const schedule = await t.services.db.selectFrom('job_schedules').selectAll().where('name', '=', HOSTING_USAGE_QUEUE).executeTakeFirst();
    expect(schedule).toMatchObject({ cron: HOSTING_USAGE_CRON });
    expect(HOSTING_USAGE_CRON.split(' ').slice(2)).toEqual(['*', '*', '*']);
  });

  it('stores each active service\'s figures; a server that fails is logged and skipped and the others go on', async () => {
    const up = await hostingServer(t, { connection: stubConnection(STUB_UP) });
    const down = await hostingServer(t, { connection: stubConnection(STUB_DOWN) });
    const onDown = await serviceOn(down.serverId, 'downacct');
    const active = await serviceOn(up.serverId, 'activeab');
    const suspended = await serviceOn(up.serverId, 'suspendd', 'suspended');
    const gone = await serviceOn(up.serverId, 'gonegone');

    const summary = await runUsageUpdate(t.services);
    expect(summary.failedServers).toBeGreaterThanOrEqual(1);
    expect(await usageOf(active)).toEqual({ usage: stubFigures('activeab'), usageAt: expect.any(String) });
    for (const id of [onDown, suspended, gone]) expect(await usageOf(id)).toEqual({ usage: null, usageAt: null });
    const line = errorLog.find((l) => l.includes('hosting usage: server skipped') && l.includes(down.serverId));
    expect(line).toContain('connection refused');
    expect(errorLog.join('\n')).not.toContain('STUBTOKEN0123456789');
  });

  describe.each(Object.entries(fakePanels))('on %s', (kind, startFake) => {
    it('reads the figures the panel reports for the account; the same panel with refused credentials is skipped, its secrets in no log line', async () => {
      const fake = await startFake!();
      try {
        fake.seedAccount({ username: 'usagefig', domain: 'usagefig.example', package: 'starter' });
        fake.seedAccount({ username: 'usagebad', domain: 'usagebad.example', package: 'starter' });
        const { serverId } = await hostingServer(t, { connection: fake.connection() });
        const refused = await hostingServer(t, { connection: fake.wrongCredentials() });
        const id = await serviceOn(serverId, 'usagefig', 'active', fake.kind);
        const onRefused = await serviceOn(refused.serverId, 'usagebad', 'active', fake.kind);
        await runUsageUpdate(t.services);
        expect(await usageOf(onRefused)).toEqual({ usage: null, usageAt: null });
        const logs = errorLog.join('\n');
        for (const secret of fake.secrets()) expect(logs).not.toContain(secret);
        const { usage } = await usageOf(id);
        if (!createPanel(fake.connection()).capabilities.usage) {
          expect(usage, `${kind} reports no usage`).toBeNull();
          return;
        }
        expect(usage, kind).not.toBeNull();
        expect(errorLog.some((line) => line.includes('hosting usage: server skipped') && line.includes(refused.serverId))).toBe(true);
        expect(Object.keys(usage!).sort()).toEqual(['bandwidthLimitMb', 'bandwidthUsedMb', 'diskLimitMb', 'diskUsedMb', 'mailboxes']);
      } finally {
        await fake.close();
      }
    });
  });
});
