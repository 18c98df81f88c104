import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CREATE_WEBHOOK_FIRST, FLOW_NAME_REQUIRED, FLOW_NOT_FOUND, FLOW_TEMPLATES, FLOW_WEBHOOK_MISSING, patternInvalid, QUICK_SETUP_FLOWS,
  SELECT_WEBHOOK_FIRST, TRIGGER_REQUIRED,
} from '../../../../common/admin/webhooks/texts.ts';
import { eventCatalogue } from '../../../events/catalogue.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { createUser } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

describeEachDialect('back-office event flows', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    customer = await createUser(t);
  });
  afterAll(async () => { await t.stop(); });

  const webhook = async (name: string, isActive = true) => {
    const res = await t.call('saveWebhook', { name, url: `https://${name.toLowerCase().replace(/\W/g, '')}.example.com/in`, isActive }, operator);
    if (res.status !== 200) throw new Error(`saveWebhook ${res.status}: ${JSON.stringify(res.error)}`);
    return res.result.webhook.webhookId as string;
  };
  const invalid = (res: { status: number; error?: unknown }, message: string) => {
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ message });
  };
  const flowCount = async () => Number((await t.services.db.selectFrom('event_flows').select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow()).c);

  describe('setupQuickFlows', () => {
    it('without an active webhook says to create one first and creates nothing', async () => {
      await webhook('Switched off', false);
      const res = await t.call('setupQuickFlows', {}, operator);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(CREATE_WEBHOOK_FIRST);
      expect(await flowCount()).toBe(0);
    });

    it('creates the five spec flows to every active webhook with the four severities, once', async () => {
      const a = await webhook('Quick A');
      const b = await webhook('Quick B');
      const res = await t.call('setupQuickFlows', {}, operator);
      expect(res.status).toBe(200);
      expect(res.result).toMatchObject({ success: true, created: 5, skipped: 0 });
      const flows = res.result.flows;
      expect(flows.map((f: any) => f.triggers.map((x: any) => x.eventType)).flat().sort()).toEqual(['*.*.*', 'domain.*', 'order.*', 'system.*', 'user.*']);
      for (const flow of flows) {
        expect(flow).toMatchObject({ createdBy: 'quick_setup', isActive: true, filters: { severity: { include: ['info', 'warning', 'error', 'critical'], exclude: [] } } });
        expect(flow.actions.map((x: any) => x.webhookId).sort()).toEqual([a, b].sort());
        expect(flow.actions[0].config).toEqual({ timeout: 30000, retries: 3 });
      }
      const again = await t.call('setupQuickFlows', {}, operator);
      expect(again.result).toMatchObject({ created: 0, skipped: 5, flows: [] });
      expect(await flowCount()).toBe(QUICK_SETUP_FLOWS.length);
      expect(await auditEntries(t, 'flow.quick_setup')).toHaveLength(2);
    });
  });

  describe('saveFlow and the others', () => {
    let hook: string;
    beforeEach(async () => { hook = await webhook(`Target ${Math.random().toString(36).slice(2, 8)}`); });

    it('creates a flow with the action defaults, the webhook named, filters include/exclude; updates it; audited', async () => {
      const res = await t.call('saveFlow', {
        name: 'Domain watch', triggers: [{ eventType: 'domain.*' }, { eventType: 'order.domain.*', conditions: [{ path: 'payload.tld', operator: 'equals', value: 'com' }] }],
        actions: [{ webhookId: hook }], filters: { severity: { include: ['error', 'critical'] }, accounts: { exclude: ['acct-1'] } },
      }, operator);
      expect(res.status).toBe(200);
      const flow = res.result.flow;
      expect(flow).toMatchObject({
        name: 'Domain watch', isActive: true, createdBy: 'super_admin',
        actions: [{ type: 'webhook', webhookId: hook, conditions: [], config: { timeout: 30000, retries: 3 }, webhookActive: true }],
        filters: { severity: { include: ['error', 'critical'], exclude: [] }, accounts: { include: [], exclude: ['acct-1'] }, users: { include: [], exclude: [] } },
        statistics: { totalEvents: 0, totalExecutions: 0, successRate: 0, lastExecution: null, averageExecutionTime: 0 },
      });
      expect(flow.actions[0].webhookName).toMatch(/^Target /);
      expect(flow.triggers[1].conditions).toEqual([{ path: 'payload.tld', operator: 'equals', value: 'com' }]);
      const updated = await t.call('saveFlow', { flowId: flow.flowId, name: 'Domain watch 2', triggers: [{ eventType: '*' }], actions: [{ webhookId: hook, config: { timeout: 5000, retries: 0 } }] }, operator);
      expect(updated.result).toMatchObject({ created: false, flow: { flowId: flow.flowId, name: 'Domain watch 2', actions: [{ config: { timeout: 5000, retries: 0 } }] } });
      expect(await auditEntries(t, 'flow.created', flow.flowId)).toHaveLength(1);
      expect(await auditEntries(t, 'flow.updated', flow.flowId)).toHaveLength(1);
    });

    it('a template is saveFlow with createdBy template', async () => {
      const template = FLOW_TEMPLATES.find((x) => x.key === 'critical')!;
      const res = await t.call('saveFlow', {
        name: template.name, description: template.description, triggers: template.patterns.map((eventType) => ({ eventType })),
        actions: [{ webhookId: hook }], filters: { severity: { include: template.severities } }, createdBy: 'template',
      }, operator);
      expect(res.result.flow).toMatchObject({ createdBy: 'template', triggers: [{ eventType: '*' }], filters: { severity: { include: ['error', 'warning', 'critical'] } } });
    });

    it('refuses a flow without a webhook, with a missing webhook, a bad pattern or no name; writes nothing', async () => {
      const before = await flowCount();
      invalid(await t.call('saveFlow', { name: 'F', triggers: [{ eventType: 'user.*' }], actions: [] }, operator), SELECT_WEBHOOK_FIRST);
      invalid(await t.callRaw('saveFlow', { name: 'F', triggers: [{ eventType: 'user.*' }] }, operator), SELECT_WEBHOOK_FIRST);
      invalid(await t.call('saveFlow', { name: 'F', triggers: [{ eventType: 'user.*' }], actions: [{ webhookId: '' }] }, operator), SELECT_WEBHOOK_FIRST);
      invalid(await t.call('saveFlow', { name: 'F', triggers: [{ eventType: 'user.*' }], actions: [{ webhookId: 'deleted-one' }] }, operator), FLOW_WEBHOOK_MISSING);
      for (const pattern of ['user.', 'USER.*', 'user..x', 'user.**', 'a b']) {
        invalid(await t.call('saveFlow', { name: 'F', triggers: [{ eventType: pattern }], actions: [{ webhookId: hook }] }, operator), patternInvalid(pattern));
      }
      invalid(await t.call('saveFlow', { name: 'F', triggers: [], actions: [{ webhookId: hook }] }, operator), TRIGGER_REQUIRED);
      invalid(await t.call('saveFlow', { name: ' ', triggers: [{ eventType: 'user.*' }], actions: [{ webhookId: hook }] }, operator), FLOW_NAME_REQUIRED);
      const badSeverity = await t.callRaw('saveFlow', { name: 'F', triggers: [{ eventType: 'user.*' }], actions: [{ webhookId: hook }], filters: { severity: { include: ['fatal'] } } }, operator);
      expect(badSeverity.status).toBe(400);
      const missing = await t.call('saveFlow', { flowId: 'nope', name: 'F', triggers: [{ eventType: 'user.*' }], actions: [{ webhookId: hook }] }, operator);
      expect(missing.status).toBe(404);
      expect(missing.error?.message).toBe(FLOW_NOT_FOUND);
      expect(await flowCount()).toBe(before);
    });

    it('duplicateFlow makes an inactive "(Copy)" by duplicate; setFlowActive toggles; deleteFlow removes; all audited', async () => {
      const created = (await t.call('saveFlow', { name: 'Original flow', triggers: [{ eventType: 'user.*' }], actions: [{ webhookId: hook }] }, operator)).result.flow;
      await t.services.db.updateTable('event_flows').set({ total_executions: 4, successful_executions: 3, total_execution_ms: 10 }).where('id', '=', created.flowId).execute();
      const listed = (await t.call('listFlows', {}, operator)).result.flows.find((f: any) => f.flowId === created.flowId)!;
      expect(listed.statistics).toMatchObject({ totalExecutions: 4, successRate: 75, averageExecutionTime: 3 });
      const copy = await t.call('duplicateFlow', { flowId: created.flowId }, operator);
      expect(copy.result.flow).toMatchObject({
        name: 'Original flow (Copy)', isActive: false, createdBy: 'duplicate', triggers: created.triggers, actions: created.actions, statistics: { totalExecutions: 0 },
      });
      const on = await t.call('setFlowActive', { flowId: copy.result.flow.flowId, isActive: true }, operator);
      expect(on.result.flow.isActive).toBe(true);
      expect(await auditEntries(t, 'flow.activated', copy.result.flow.flowId)).toHaveLength(1);
      expect((await t.call('deleteFlow', { flowId: created.flowId }, operator)).status).toBe(200);
      expect((await t.call('deleteFlow', { flowId: created.flowId }, operator)).status).toBe(404);
      expect(await auditEntries(t, 'flow.deleted', created.flowId)).toHaveLength(1);
      expect((await t.call('duplicateFlow', { flowId: created.flowId }, operator)).status).toBe(404);
    });
  });

  describe('getEventCatalog', () => {
    it('lists every catalogue type once, in the spec\'s seven categories and hosting, in order, with descriptions and payload docs', async () => {
      const res = await t.call('getEventCatalog', {}, operator);
      expect(res.status).toBe(200);
      const categories = res.result.categories;
      expect(categories.map((c: any) => c.category)).toEqual(['user', 'payment', 'order', 'domain', 'hosting', 'system', 'support', 'admin']);
      const types = categories.flatMap((c: any) => c.types.map((x: any) => x.type));
      expect(types.sort()).toEqual(Object.keys(eventCatalogue).sort());
      const domain = categories.find((c: any) => c.category === 'domain')!;
      expect(domain.types.find((x: any) => x.type === 'domain.renewed')).toMatchObject({ description: expect.any(String), payload: expect.any(Object) });
    });
  });

  it('refuses customers and signed-out callers', async () => {
    for (const fn of ['listFlows', 'setupQuickFlows', 'getEventCatalog'] as const) {
      expect((await t.call(fn, {}, customer)).status).toBe(403);
      expect((await t.call(fn, {}, null)).status).toBe(401);
    }
  });
});
