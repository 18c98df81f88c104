import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { seedHostingPlan, seedPendingService, seedServerGroup } from '../../../../../test/support/hosting.ts';
import { hostingServiceRow } from '../../../../../test/support/hostingServices.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { fakePanels } from '../../../../../test/support/panels/index.ts';
import type { FakePanel } from '../../../../../test/support/panels/fakePanel.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { ADMIN_SERVICE_NOT_FOUND, OPERATOR_SSO_NOT_ACTIVE, OPERATOR_SSO_SUSPENDED, OPERATOR_SSO_UNSUPPORTED } from '../../../../common/hosting/adminServicesTexts.ts';
import { PANEL_NO_ANSWER } from '../../../../common/hosting/servicesTexts.ts';

/** The operator's hosting services (issue 22): the list and its filters, one service with its job history, single sign-on as the customer. */
describeEachDialect('the operator\'s hosting services', (dialect) => {
  let t: TestApp;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
  });
  afterAll(async () => { await t.stop(); });

  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
  const setCreated = (id: string, createdAt: string) => t.services.db.updateTable('hosting_services').set({ created_at: createdAt }).where('id', '=', id).execute();
  const addStep = async (serviceId: string, step: { id: string; action: 'create' | 'suspend' | 'change_password' | 'change_package'; status: 'failed' | 'done' | 'queued'; createdAt: string; input?: object; requestedBy?: string | null }) => {
    await t.services.db.insertInto('hosting_steps').values({
      id: step.id, service_id: serviceId, action: step.action, input: JSON.stringify(step.input ?? {}), status: step.status, attempts: step.status === 'queued' ? 0 : 2,
      last_error: step.status === 'failed' ? 'The panel refused: no such package.' : null, requested_by: step.requestedBy ?? null,
      created_at: step.createdAt, updated_at: step.createdAt, finished_at: step.status === 'queued' ? null : step.createdAt,
    }).execute();
  };

  describe('the list', () => {
    let a: AccountWithMembers;
    let active: Awaited<ReturnType<typeof hostingServiceRow>>;
    let suspended: Awaited<ReturnType<typeof hostingServiceRow>>;
    let pendingId: string;
    let productId: string;

    beforeAll(async () => {
      a = await accountWithMembers(t);
      active = await hostingServiceRow(t, a.accountId);
      suspended = await hostingServiceRow(t, a.accountId, { status: 'suspended', suspendReason: 'operator', suspendNote: 'Abuse report' });
      const groupId = await seedServerGroup(t);
      const plan = await seedHostingPlan(t, { panel: 'cpanel', groupId, name: 'Reseller Gold' });
      productId = plan.productId;
      pendingId = await seedPendingService(t, { accountId: a.accountId, productId, productName: plan.name, panel: 'cpanel' });
      await setCreated(active.serviceId, at(1));
      await setCreated(suspended.serviceId, at(2));
      await setCreated(pendingId, at(3));
      await addStep(pendingId, { id: `stp_list_failed_${dialect}`, action: 'create', status: 'failed', createdAt: at(4) });
    });

    it('lists an account\'s services newest first, with server, account, product and the failed steps waiting in the queue', async () => {
      const res = await t.call('listHostingServices', { accountId: a.accountId }, operator);
      expect(res.status).toBe(200);
      expect(res.result.total).toBe(3);
      expect(res.result.items.map((i) => i.id)).toEqual([pendingId, suspended.serviceId, active.serviceId]);
      expect(res.result.items[0]).toMatchObject({ status: 'pending', productId, productName: 'Reseller Gold', serverId: null, failedSteps: 1, accountId: a.accountId });
      expect(res.result.items[0].accountName).toBeTruthy();
      expect(res.result.items[1]).toMatchObject({ status: 'suspended', suspendReason: 'operator', suspendNote: 'Abuse report', username: suspended.username, serverId: suspended.serverId, failedSteps: 0 });
      expect(res.result.items[1].serverName).toMatch(/^server-/);
      expect(res.result.items[2]).toMatchObject({ status: 'active', suspendReason: null, domain: active.domain, package: 'starter' });
      expect(res.result.servers.map((s) => s.id)).toEqual(expect.arrayContaining([active.serverId, suspended.serverId]));
      expect(res.result.products).toContainEqual({ id: productId, name: 'Reseller Gold' });
      expect(JSON.stringify(res.result)).not.toContain('password');
    });

    it('filters by status, server and product, and pages with the total', async () => {
      const bySuspended = await t.call('listHostingServices', { accountId: a.accountId, status: 'suspended' }, operator);
      expect(bySuspended.result.items.map((i) => i.id)).toEqual([suspended.serviceId]);
      const byServer = await t.call('listHostingServices', { serverId: active.serverId }, operator);
      expect(byServer.result).toMatchObject({ total: 1, items: [{ id: active.serviceId }] });
      const byProduct = await t.call('listHostingServices', { productId }, operator);
      expect(byProduct.result.items.map((i) => i.id)).toEqual([pendingId]);
      const page2 = await t.call('listHostingServices', { accountId: a.accountId, page: 2, pageSize: 2 }, operator);
      expect(page2.result).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page2.result.items.map((i) => i.id)).toEqual([active.serviceId]);
    });

    it('refuses a page size beyond the maximum with a sentence', async () => {
      const res = await t.call('listHostingServices', { pageSize: 1000 }, operator);
      expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Page size must be at most 100.' });
    });
  });

  describe('one service', () => {
    it('shows its facts and every step, newest first, with who asked; never a password or a sealed value', async () => {
      const a = await accountWithMembers(t);
      const service = await hostingServiceRow(t, a.accountId, { usage: { diskUsedMb: 120, diskLimitMb: 1024, bandwidthUsedMb: null, bandwidthLimitMb: null, mailboxes: 3 } });
      await t.services.db.updateTable('hosting_services').set({ password: 'SEALED-PANEL-PASSWORD', panel_ref: JSON.stringify({ customerId: '42' }) })
        .where('id', '=', service.serviceId).execute();
      await addStep(service.serviceId, { id: `stp_d1_${dialect}`, action: 'create', status: 'done', createdAt: at(10) });
      await addStep(service.serviceId, { id: `stp_d2_${dialect}`, action: 'change_password', status: 'done', createdAt: at(11), input: { password: 'SEALED-STEP-SECRET' } });
      await addStep(service.serviceId, { id: `stp_d3_${dialect}`, action: 'change_package', status: 'failed', createdAt: at(12), input: { package: 'gold' }, requestedBy: operator.id });

      const res = await t.call('getHostingService', { serviceId: service.serviceId }, operator);
      expect(res.status).toBe(200);
      expect(res.result.service).toMatchObject({
        id: service.serviceId, status: 'active', username: service.username, serverId: service.serverId, package: 'starter', failedSteps: 1,
        panelRef: { customerId: '42' }, usage: { diskUsedMb: 120, diskLimitMb: 1024, mailboxes: 3 }, busy: false,
        abilities: { create: false, openControlPanel: true }, packageSource: { panel: 'cpanel' },
      });
      expect(res.result.steps.map((s) => s.id)).toEqual([`stp_d3_${dialect}`, `stp_d2_${dialect}`, `stp_d1_${dialect}`]);
      expect(res.result.steps[0]).toMatchObject({
        action: 'change_package', status: 'failed', attempts: 2, lastError: 'The panel refused: no such package.', requestedBy: operator.email, input: { package: 'gold' },
      });
      expect(res.result.steps[1].input).toEqual({});
      const text = JSON.stringify(res.result);
      expect(text).not.toContain('SEALED-PANEL-PASSWORD');
      expect(text).not.toContain('SEALED-STEP-SECRET');
    });

    it('a pending service may be created by hand until a create is queued, and is busy while one is', async () => {
      const a = await accountWithMembers(t);
      const groupId = await seedServerGroup(t);
      const plan = await seedHostingPlan(t, { panel: 'cpanel', groupId });
      const serviceId = await seedPendingService(t, { accountId: a.accountId, productId: plan.productId, productName: plan.name, panel: 'cpanel' });
      const before = await t.call('getHostingService', { serviceId }, operator);
      expect(before.result.service).toMatchObject({ abilities: { create: true, openControlPanel: false }, busy: false, packageSource: { panel: 'cpanel', groupId } });
      await addStep(serviceId, { id: `stp_q_${dialect}`, action: 'create', status: 'queued', createdAt: at(20) });
      const after = await t.call('getHostingService', { serviceId }, operator);
      expect(after.result.service).toMatchObject({ abilities: { create: false }, busy: true });
    });

    it('an unknown id is a 404 with a clear sentence', async () => {
      const res = await t.call('getHostingService', { serviceId: 'no-such-service' }, operator);
      expect(res.status).toBe(404);
      expect(res.error).toMatchObject({ status: 'NOT_FOUND', message: ADMIN_SERVICE_NOT_FOUND });
      const sso = await t.call('openHostingPanelAsCustomer', { serviceId: 'no-such-service' }, operator);
      expect(sso.error).toMatchObject({ status: 'NOT_FOUND', message: ADMIN_SERVICE_NOT_FOUND });
    });

    it('is the back office\'s only: the account\'s own owner is refused every function', async () => {
      const a = await accountWithMembers(t);
      const { serviceId } = await hostingServiceRow(t, a.accountId);
      for (const [name, input] of [['listHostingServices', { accountId: a.accountId }], ['getHostingService', { serviceId }], ['openHostingPanelAsCustomer', { serviceId }]] as const) {
        const res = await t.callRaw(name, input, a.owner);
        expect(res.status, name).toBe(403);
      }
      expect(await auditEntries(t, 'hosting.sso_opened_by_operator', serviceId)).toEqual([]);
    });
  });

  describe('single sign-on as the customer', () => {
    let fake: FakePanel;
    let a: AccountWithMembers;
    beforeAll(async () => {
      fake = await fakePanels.cpanel!();
      a = await accountWithMembers(t);
    });
    afterAll(async () => { await fake.close(); });

    it('gives the operator a one-time URL into the customer\'s own account, audited with the operator and without the URL', async () => {
      const { serviceId, username } = await hostingServiceRow(t, a.accountId, { fake });
      const res = await t.call('openHostingPanelAsCustomer', { serviceId }, operator);
      expect(res.status).toBe(200);
      expect(fake.ssoAccount(res.result.url)).toBe(username);
      const audits = await auditEntries(t, 'hosting.sso_opened_by_operator', serviceId);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorUserId: operator.id, actorEmail: operator.email, targetType: 'hosting_service', after: { accountId: a.accountId, username } });
      const stored = JSON.stringify(await t.services.db.selectFrom('audit_log').selectAll().where('target_id', '=', serviceId).execute());
      expect(stored).not.toContain(res.result.url);
      for (const [, value] of new URL(res.result.url).searchParams) expect(stored).not.toContain(value);
    });

    it('is refused for a suspended or pending service, and nothing is audited', async () => {
      const suspended = await hostingServiceRow(t, a.accountId, { fake, status: 'suspended' });
      const pending = await hostingServiceRow(t, a.accountId, { fake, status: 'pending' });
      expect((await t.call('openHostingPanelAsCustomer', { serviceId: suspended.serviceId }, operator)).error)
        .toMatchObject({ status: 'FAILED_PRECONDITION', message: OPERATOR_SSO_SUSPENDED });
      expect((await t.call('openHostingPanelAsCustomer', { serviceId: pending.serviceId }, operator)).error)
        .toMatchObject({ status: 'FAILED_PRECONDITION', message: OPERATOR_SSO_NOT_ACTIVE });
      expect(await auditEntries(t, 'hosting.sso_opened_by_operator', suspended.serviceId)).toEqual([]);
    });

    it('a panel that does not answer is a 503 with the customer\'s sentence and no panel text; nothing is audited', async () => {
      const down = await fakePanels.cpanel!();
      try {
        const { serviceId } = await hostingServiceRow(t, a.accountId, { fake: down });
        await down.http.down();
        const res = await t.call('openHostingPanelAsCustomer', { serviceId }, operator);
        expect(res.status).toBe(503);
        expect(res.error).toEqual({ status: 'UNAVAILABLE', message: PANEL_NO_ANSWER });
        expect(await auditEntries(t, 'hosting.sso_opened_by_operator', serviceId)).toEqual([]);
      } finally {
        await down.close();
      }
    });

    it('a panel without single sign-on (Proxmox VE) is refused with a sentence for the operator', async () => {
      const proxmox = await fakePanels.proxmox!();
      try {
        const { serviceId } = await hostingServiceRow(t, a.accountId, { fake: proxmox });
        expect((await t.call('getHostingService', { serviceId }, operator)).result.service.abilities.openControlPanel).toBe(false);
        const res = await t.call('openHostingPanelAsCustomer', { serviceId }, operator);
        expect(res.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: OPERATOR_SSO_UNSUPPORTED });
      } finally {
        await proxmox.close();
      }
    });
  });
});
