import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_TYPE_INVALID, BASIC_FIELDS_REQUIRED, BEARER_TOKEN_REQUIRED, HEADER_AUTHORIZATION, headerReserved, HEADERS_NOT_OBJECT, MAX_DELAY_BELOW_INITIAL,
  MAX_RETRIES_INVALID, METHOD_INVALID, NAME_AND_URL_REQUIRED, TEMPLATE_INVALID_JSON, TEMPLATE_REQUIRED, TEMPLATE_TOO_DEEP, TEMPLATE_TOO_LARGE,
  templatePathInvalid, TIMEOUT_INVALID, WEBHOOK_NOT_FOUND,
} from '../../../../common/admin/webhooks/texts.ts';
import { liveTopics, type LiveMessage } from '../../../../common/live.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { createUser } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { signedHeaders } from '../../events/index.ts';

const URL_OK = 'https://hooks.example.com/in';

describeEachDialect('back-office webhooks', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { WEBHOOK_ALLOWED_HOSTS: 'receiver.internal, 10.9.0.0/16' } });
    operator = await signUpOperator(t);
    customer = await createUser(t);
  });
  afterAll(async () => { await t.stop(); });

  const save = async (input: Record<string, unknown>) => {
    const res = await t.call('saveWebhook', { name: 'Hook', url: URL_OK, ...input }, operator);
    if (res.status !== 200) throw new Error(`saveWebhook ${res.status}: ${JSON.stringify(res.error)}`);
    return res.result as { webhook: any; secret: string | null; created: boolean };
  };
  const invalid = (res: { status: number; error?: unknown }, message: string) => {
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ message });
  };
  const row = (id: string) => t.services.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const count = async () => Number((await t.services.db.selectFrom('webhooks').select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow()).c);

  describe('saveWebhook', () => {
    it('creates with every spec default, healthy with zero statistics, returns the secret once, audited', async () => {
      const { webhook, secret, created } = await save({ name: '  Billing receiver ', url: URL_OK });
      expect(created).toBe(true);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(webhook).toMatchObject({
        name: 'Billing receiver', description: '', url: URL_OK, method: 'POST', isActive: true,
        headers: { 'Content-Type': 'application/json' }, authentication: { type: 'none' },
        retryPolicy: { maxRetries: 3, backoffStrategy: 'exponential', initialDelay: 1000, maxDelay: 30000 },
        payloadTransform: { enabled: false, template: null }, config: { timeout: 30000, followRedirects: false },
        createdBy: 'super_admin',
        statistics: { totalDeliveries: 0, successfulDeliveries: 0, failedDeliveries: 0, successRate: 0, averageResponseTime: 0, lastDelivery: null },
        health: { status: 'healthy', consecutiveFailures: 0, uptime: 100 },
        badge: { label: 'Healthy', color: 'green' }, previousSecretExpiresAt: null,
      });
      expect((await row(webhook.webhookId)).secret).toBe(secret);
      const [entry] = await auditEntries(t, 'webhook.created', webhook.webhookId);
      expect(entry).toMatchObject({ actorUserId: operator.id, targetType: 'webhook', before: null });
      expect(JSON.stringify(entry)).not.toContain(secret!.slice(6));
    });

    it('updates with the id: settings replaced, secret kept and not returned, stored credentials kept when left out', async () => {
      const { webhook, secret } = await save({ authentication: { type: 'bearer', token: 'tok-123' } });
      const res = await save({
        webhookId: webhook.webhookId, name: 'Renamed', url: 'https://hooks.example.com/v2', method: 'PUT', headers: { 'X-Team': 'billing' },
        authentication: { type: 'bearer' }, retryPolicy: { maxRetries: 5, backoffStrategy: 'linear', initialDelay: 500, maxDelay: 9000 },
        payloadTransform: { enabled: true, template: '{"kind":"{{type}}","domain":"{{payload.domain}}","text":"Event {{id}} at {{createdAt}}"}' },
        config: { timeout: 5000, followRedirects: true },
      });
      expect(res.created).toBe(false);
      expect(res.secret).toBeNull();
      expect(res.webhook).toMatchObject({
        name: 'Renamed', method: 'PUT', headers: { 'X-Team': 'billing' }, authentication: { type: 'bearer', tokenSet: true },
        retryPolicy: { maxRetries: 5, backoffStrategy: 'linear', initialDelay: 500, maxDelay: 9000 },
        payloadTransform: { enabled: true }, config: { timeout: 5000, followRedirects: true },
      });
      const stored = await row(webhook.webhookId);
      expect(stored.secret).toBe(secret);
      expect(JSON.parse(stored.authentication)).toEqual({ type: 'bearer', token: 'tok-123' });
      const basic = await save({ webhookId: webhook.webhookId, authentication: { type: 'basic', username: 'u', password: 'p' } });
      expect(basic.webhook.authentication).toEqual({ type: 'basic', username: 'u', passwordSet: true });
      expect(await auditEntries(t, 'webhook.updated', webhook.webhookId)).toHaveLength(2);
    });

    it('refuses each invalid field with its sentence and writes nothing', async () => {
      const before = await count();
      invalid(await t.call('saveWebhook', { name: '', url: URL_OK }, operator), NAME_AND_URL_REQUIRED);
      invalid(await t.call('saveWebhook', { name: 'A', url: '  ' }, operator), NAME_AND_URL_REQUIRED);
      invalid(await t.callRaw('saveWebhook', { url: URL_OK }, operator), NAME_AND_URL_REQUIRED);
      invalid(await t.callRaw('saveWebhook', { name: 'A', url: URL_OK, method: 'GET' }, operator), METHOD_INVALID);
      invalid(await t.callRaw('saveWebhook', { name: 'A', url: URL_OK, headers: ['x'] }, operator), HEADERS_NOT_OBJECT);
      invalid(await t.callRaw('saveWebhook', { name: 'A', url: URL_OK, headers: { 'X-A': 1 } }, operator), HEADERS_NOT_OBJECT);
      for (const name of ['Host', 'content-length', 'Transfer-Encoding', 'Connection', 'webhook-signature', 'Webhook-Id']) {
        invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, headers: { [name]: 'x' } }, operator), headerReserved(name));
      }
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, headers: { Authorization: 'Bearer x' } }, operator), HEADER_AUTHORIZATION);
      const split = await t.call('saveWebhook', { name: 'A', url: URL_OK, headers: { 'X-A': 'ok\r\nX-Injected: 1' } }, operator);
      expect(split.status).toBe(400);
      expect(split.error?.message).toContain('X-A');
      invalid(await t.callRaw('saveWebhook', { name: 'A', url: URL_OK, authentication: { type: 'digest' } }, operator), AUTH_TYPE_INVALID);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, authentication: { type: 'bearer' } }, operator), BEARER_TOKEN_REQUIRED);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, authentication: { type: 'basic', username: 'u' } }, operator), BASIC_FIELDS_REQUIRED);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, retryPolicy: { maxRetries: 11 } }, operator), MAX_RETRIES_INVALID);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, retryPolicy: { initialDelay: 5000, maxDelay: 1000 } }, operator), MAX_DELAY_BELOW_INITIAL);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, config: { timeout: 60000 } }, operator), TIMEOUT_INVALID);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, config: { timeout: 999 } }, operator), TIMEOUT_INVALID);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, payloadTransform: { enabled: true } }, operator), TEMPLATE_REQUIRED);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, payloadTransform: { enabled: true, template: '{"a":' } }, operator), TEMPLATE_INVALID_JSON);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, payloadTransform: { enabled: true, template: '{"a":"{{secret}}"}' } }, operator), templatePathInvalid('secret'));
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, payloadTransform: { enabled: true, template: '{"a":"{{id.x}}"}' } }, operator), templatePathInvalid('id.x'));
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, payloadTransform: { enabled: true, template: `{"a":"${'x'.repeat(17_000)}"}` } }, operator), TEMPLATE_TOO_LARGE);
      // 50,000 levels of nesting inside the template text: refused by counting, never parsed recursively.
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, payloadTransform: { enabled: true, template: '['.repeat(50_000) } }, operator), TEMPLATE_TOO_LARGE);
      invalid(await t.call('saveWebhook', { name: 'A', url: URL_OK, payloadTransform: { enabled: true, template: `${'['.repeat(40)}1${']'.repeat(40)}` } }, operator), TEMPLATE_TOO_DEEP);
      const missing = await t.call('saveWebhook', { webhookId: 'no-such-webhook', name: 'A', url: URL_OK }, operator);
      expect(missing.status).toBe(404);
      expect(missing.error?.message).toBe(WEBHOOK_NOT_FOUND);
      expect(await count()).toBe(before);
    });

    it('refuses internal URLs at save, naming why, unless WEBHOOK_ALLOWED_HOSTS allows them', async () => {
      const refused: [string, string][] = [
        ['http://127.0.0.1:8080/hook', 'loopback'],
        ['http://[::1]/hook', 'loopback'],
        ['http://10.0.0.5/hook', 'private'],
        ['http://192.168.1.10/hook', 'private'],
        ['http://169.254.169.254/latest/meta-data', 'cloud metadata'],
        ['http://[::ffff:127.0.0.1]/hook', 'IPv4 in IPv6'],
        ['http://[::ffff:10.0.0.1]/hook', 'private'],
        ['http://localhost:3000/hook', 'internal host localhost'],
        ['http://100.64.0.1/hook', 'CGNAT'],
        ['ftp://hooks.example.com/x', 'http:// or https://'],
        ['https://user:pass@hooks.example.com/x', 'credentials'],
        ['not a url', 'not a valid address'],
      ];
      for (const [url, reason] of refused) {
        const res = await t.call('saveWebhook', { name: 'Internal', url }, operator);
        expect(res.status, url).toBe(400);
        expect(res.error?.message, url).toContain(reason);
      }
      expect((await save({ url: 'http://receiver.internal:9000/hook' })).webhook.url).toBe('http://receiver.internal:9000/hook');
      expect((await save({ url: 'http://10.9.3.4/hook' })).webhook.url).toBe('http://10.9.3.4/hook');
    });
  });

  describe('listWebhooks', () => {
    it('searches name or URL in any case, filters by status, and never returns a secret or credential', async () => {
      const a = await save({ name: 'Alpha ORDERS', url: 'https://alpha.example.com/x', authentication: { type: 'basic', username: 'al', password: 'pw-secret-1' } });
      const b = await save({ name: 'Beta', url: 'https://orders-beta.example.com/x', isActive: false, authentication: { type: 'bearer', token: 'tok-secret-2' } });
      await save({ name: 'Gamma 100%_x', url: 'https://gamma.example.com/x' });
      const res = await t.call('listWebhooks', { search: 'orders' }, operator);
      expect(res.status).toBe(200);
      expect(res.result.webhooks.map((w: any) => w.webhookId).sort()).toEqual([a.webhook.webhookId, b.webhook.webhookId].sort());
      const inactive = await t.call('listWebhooks', { search: 'ORDERS', status: 'inactive' }, operator);
      expect(inactive.result.webhooks.map((w: any) => w.webhookId)).toEqual([b.webhook.webhookId]);
      expect(inactive.result.webhooks[0].badge).toEqual({ label: 'Inactive', color: 'gray' });
      const active = await t.call('listWebhooks', { status: 'active' }, operator);
      expect(active.result.webhooks.every((w: any) => w.isActive)).toBe(true);
      // LIKE wildcards typed in the search match themselves.
      expect((await t.call('listWebhooks', { search: '100%_' }, operator)).result.webhooks.map((w: any) => w.name)).toEqual(['Gamma 100%_x']);
      const all = JSON.stringify((await t.call('listWebhooks', {}, operator)).result);
      for (const secret of [a.secret, b.secret, 'pw-secret-1', 'tok-secret-2']) expect(all).not.toContain(secret!);
      expect(all).not.toContain('whsec_');
    });

    it('shows statistics and the badge from the engine\'s counters (success rate and average rounded)', async () => {
      const { webhook } = await save({ name: 'Counted' });
      await t.services.db.updateTable('webhooks').set({
        total_deliveries: 3, successful_deliveries: 2, failed_deliveries: 1, total_response_ms: 100, health_status: 'degraded', consecutive_failures: 3,
      }).where('id', '=', webhook.webhookId).execute();
      const shown = (await t.call('listWebhooks', { search: 'counted' }, operator)).result.webhooks[0];
      expect(shown.statistics).toMatchObject({ totalDeliveries: 3, successfulDeliveries: 2, failedDeliveries: 1, successRate: 67, averageResponseTime: 33 });
      expect(shown.health).toMatchObject({ status: 'degraded', consecutiveFailures: 3, uptime: 67 });
      expect(shown.badge).toEqual({ label: 'Degraded', color: 'yellow' });
    });
  });

  describe('duplicate, activate, rotate, delete', () => {
    it('duplicateWebhook copies settings as "(Copy)", inactive, new secret, zero statistics, createdBy duplicate', async () => {
      const { webhook, secret } = await save({ name: 'Original', authentication: { type: 'bearer', token: 'keep-me' }, headers: { 'X-A': '1' } });
      await t.services.db.updateTable('webhooks').set({ total_deliveries: 9, successful_deliveries: 9 }).where('id', '=', webhook.webhookId).execute();
      const res = await t.call('duplicateWebhook', { webhookId: webhook.webhookId }, operator);
      expect(res.status).toBe(200);
      const copy = res.result.webhook;
      expect(copy).toMatchObject({
        name: 'Original (Copy)', isActive: false, createdBy: 'duplicate', headers: { 'X-A': '1' }, authentication: { type: 'bearer', tokenSet: true },
        statistics: { totalDeliveries: 0, successfulDeliveries: 0 }, health: { status: 'healthy' }, badge: { label: 'Inactive' },
      });
      expect(res.result.secret).toMatch(/^whsec_/);
      expect(res.result.secret).not.toBe(secret);
      expect((await row(copy.webhookId)).secret).toBe(res.result.secret);
      expect(await auditEntries(t, 'webhook.duplicated', copy.webhookId)).toHaveLength(1);
      expect((await t.call('duplicateWebhook', { webhookId: 'missing' }, operator)).status).toBe(404);
    });

    it('setWebhooksActive switches several at once; re-activating a disabled one makes it healthy; an unknown id changes none', async () => {
      const one = (await save({ name: 'S1' })).webhook.webhookId;
      const two = (await save({ name: 'S2' })).webhook.webhookId;
      const off = await t.call('setWebhooksActive', { webhookIds: [one, two, one], isActive: false }, operator);
      expect(off.result).toEqual({ success: true, updated: 2 });
      expect(Boolean((await row(one)).is_active)).toBe(false);
      await t.services.db.updateTable('webhooks').set({ health_status: 'disabled', disabled_reason: 'Answered 410 Gone', consecutive_failures: 12 }).where('id', '=', two).execute();
      expect((await t.call('setWebhooksActive', { webhookIds: [one, 'missing'], isActive: true }, operator)).status).toBe(404);
      expect(Boolean((await row(one)).is_active)).toBe(false);
      await t.call('setWebhooksActive', { webhookIds: [one, two], isActive: true }, operator);
      expect(await row(two)).toMatchObject({ health_status: 'healthy', disabled_reason: null, consecutive_failures: 0 });
      expect((await auditEntries(t, 'webhook.activated', two))).toHaveLength(1);
      invalid(await t.call('setWebhooksActive', { webhookIds: [], isActive: true }, operator), 'Select at least one webhook.');
    });

    it('rotateWebhookSecret returns a new secret once and keeps the previous one for 24 hours', async () => {
      const { webhook, secret } = await save({ name: 'Rotating' });
      const started = Date.now();
      const res = await t.call('rotateWebhookSecret', { webhookId: webhook.webhookId }, operator);
      expect(res.status).toBe(200);
      expect(res.result.secret).toMatch(/^whsec_/);
      expect(res.result.secret).not.toBe(secret);
      const stored = await row(webhook.webhookId);
      expect(stored.secret).toBe(res.result.secret);
      expect(stored.previous_secret).toBe(secret);
      const expires = new Date(stored.previous_secret_expires_at as string).getTime();
      expect(expires - started).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
      expect(expires - started).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
      const listed = (await t.call('listWebhooks', { search: 'rotating' }, operator)).result.webhooks[0];
      expect(listed.previousSecretExpiresAt).toBe(res.result.previousSecretExpiresAt);
      expect(JSON.stringify(listed)).not.toContain('whsec_');
      const [entry] = await auditEntries(t, 'webhook.secret_rotated', webhook.webhookId);
      expect(JSON.stringify(entry)).not.toContain('whsec_');
      // Signed with both stored secrets, a receiver verifies with either: the old one until it switches over.
      const body = '{"type":"domain.renewed"}';
      const headers = signedHeaders([stored.secret, stored.previous_secret!], 'msg_1', Math.floor(Date.now() / 1000), body);
      expect(new Webhook(res.result.secret).verify(body, headers)).toEqual({ type: 'domain.renewed' });
      expect(new Webhook(secret!).verify(body, headers)).toEqual({ type: 'domain.renewed' });
    });

    it('deleteWebhooks removes their actions from flows in the same transaction and keeps the delivery log', async () => {
      const gone = (await save({ name: 'Gone' })).webhook.webhookId;
      const kept = (await save({ name: 'Kept' })).webhook.webhookId;
      const flow = await t.call('saveFlow', { name: 'Both', triggers: [{ eventType: 'domain.*' }], actions: [{ webhookId: gone }, { webhookId: kept }] }, operator);
      expect(flow.status).toBe(200);
      const now = new Date().toISOString();
      await t.services.db.insertInto('webhook_delivery_attempts').values({
        id: `att-${gone}`, delivery_id: `del-${gone}`, webhook_id: gone, event_id: 'evt', attempt: 1, status: 'success', http_status: 200, response_ms: 5,
        error: null, request_url: URL_OK, request_headers: '{}', response_headers: null, response_body: null, created_at: now,
      }).execute();
      const res = await t.call('deleteWebhooks', { webhookIds: [gone] }, operator);
      expect(res.result).toEqual({ success: true, deleted: 1, flowsChanged: 1 });
      const flows = (await t.call('listFlows', {}, operator)).result.flows;
      expect(flows.find((f: any) => f.flowId === flow.result.flow.flowId)!.actions.map((a: any) => a.webhookId)).toEqual([kept]);
      expect(await t.services.db.selectFrom('webhook_delivery_attempts').select('id').where('webhook_id', '=', gone).execute()).toHaveLength(1);
      expect(await auditEntries(t, 'webhook.deleted', gone)).toHaveLength(1);
      expect((await t.call('deleteWebhooks', { webhookIds: [kept, 'missing'] }, operator)).status).toBe(404);
      expect(await t.services.db.selectFrom('webhooks').select('id').where('id', '=', kept).execute()).toHaveLength(1);
    });

    it('publishes events.changed on admin/events after each write', async () => {
      const messages: LiveMessage[] = [];
      const stop = await t.services.live.subscribe(liveTopics.adminEvents(), (m) => messages.push(m));
      try {
        await save({ name: 'Announced' });
        await waitFor(() => messages[0]);
        expect(messages[0]).toEqual({ topic: 'admin/events', kind: 'events.changed' });
      } finally {
        stop();
      }
    });
  });

  describe('who may call and what is refused', () => {
    it('refuses a customer and a signed-out caller, writing nothing', async () => {
      const before = await count();
      expect((await t.call('saveWebhook', { name: 'X', url: URL_OK }, customer)).status).toBe(403);
      expect((await t.call('listWebhooks', {}, customer)).status).toBe(403);
      expect((await t.call('saveWebhook', { name: 'X', url: URL_OK }, null)).status).toBe(401);
      expect(await count()).toBe(before);
    });

    it('answers hostile inputs with a clear 400 and no internals', async () => {
      const cases: unknown[] = [
        { name: 'A\u0000', url: URL_OK },
        { name: 'A', url: URL_OK, headers: JSON.parse(`${'{"a":'.repeat(40)}"x"${'}'.repeat(40)}`) },
        { name: 'x'.repeat(2_000_000), url: URL_OK },
        { name: 'A', url: URL_OK, extra: true },
        'not an object',
      ];
      for (const input of cases) {
        const res = await t.callRaw('saveWebhook', input, operator);
        expect([400, 413]).toContain(res.status);
        expect(JSON.stringify(res.error ?? res)).not.toMatch(/sqlite|postgres|kysely|zod|stack/i);
      }
      expect((await t.call('rotateWebhookSecret', { webhookId: "' or 1=1 --" }, operator)).status).toBe(404);
    });
  });
});
