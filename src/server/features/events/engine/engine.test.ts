import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUICK_SETUP_FLOWS } from '../../../../common/admin/webhooks/texts.ts';
import { EMPTY_FLOW_FILTERS } from '../../../../common/events/eventFlows.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { type AllowList, EMPTY_ALLOW_LIST, parseAllowList } from '../outbound/addressPolicy.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { createDeliveryEngine } from './engine.ts';
import { emit, insertFlow, insertWebhook, type Receiver, startReceiver, type WebhookFixture } from '../../../../../test/support/events/engine.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';

const LOCAL = parseAllowList('127.0.0.1');

describeEachDialect('webhook delivery engine', (dialect) => {
  let t: TestApp;
  let receiver: Receiver;
  let clock: ManualClock;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.stop();
  });
  beforeEach(async () => {
    clock = new ManualClock();
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 200 });
    // Each test starts from no webhooks, flows or pending events.
    const db = t.services.db;
    for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'event_flows', 'webhooks'] as const) await db.deleteFrom(table).execute();
    await db.updateTable('platform_events').set({ processed: true }).execute();
  });

  const engines: ReturnType<typeof createDeliveryEngine>[] = [];
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.stop();
  });
  function engine(allow: AllowList = LOCAL) {
    const e = createDeliveryEngine({ db: t.services.db, dialect, allow, log: t.services.log, clock, concurrency: 8 });
    engines.push(e);
    return e;
  }
  const db = () => t.services.db;
  async function hookAndFlow(w: Partial<WebhookFixture> = {}, flow: Parameters<typeof insertFlow>[1] extends infer F ? Partial<F> : never = {}) {
    const hook = await insertWebhook(db(), { url: `${receiver.url}/hook`, ...w });
    // Only domain events: the engine's own system.webhook.* events must not feed back into the test.
    const flowId = await insertFlow(db(), { webhookIds: [hook.id], triggers: [{ eventType: 'domain.*', conditions: [] }], ...flow });
    return { ...hook, flowId };
  }
  const deliveries = () => db().selectFrom('webhook_deliveries').selectAll().orderBy('created_at').orderBy('id').execute();
  const attemptsOf = (deliveryId: string) => db().selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt').execute();
  const webhookRow = (id: string) => db().selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const eventsOfType = (type: string) => db().selectFrom('platform_events').selectAll().where('event_type', '=', type).execute();

  describe('fan-out', () => {
    it('sends an event to each active webhook of every flow whose trigger and filters match, once', async () => {
      const a = await insertWebhook(db(), { url: `${receiver.url}/a` });
      const b = await insertWebhook(db(), { url: `${receiver.url}/b` });
      const off = await insertWebhook(db(), { url: `${receiver.url}/off`, isActive: false });
      const domains = await insertFlow(db(), { webhookIds: [a.id, off.id, 'deleted-webhook'], triggers: [{ eventType: 'domain.*', conditions: [] }] });
      await insertFlow(db(), {
        webhookIds: [b.id], triggers: [{ eventType: '*', conditions: [] }],
        filters: { ...EMPTY_FLOW_FILTERS, accounts: { include: ['acc-1'], exclude: [] }, severity: { include: [], exclude: ['critical'] } },
      });
      await insertFlow(db(), { webhookIds: [b.id], isActive: false });

      const renewed = await emit(db(), { type: 'domain.renewed', accountId: 'acc-1' });
      const other = await emit(db(), { type: 'domain.expired', accountId: 'acc-2' });
      await emit(db(), { type: 'user.account.created', accountId: 'acc-1', severity: 'critical' });
      const signup = await emit(db(), { type: 'user.account.created', accountId: 'acc-1' });

      const run = await engine().runOnce();
      expect(run).toEqual({ events: 4, attempts: 4 });
      const sent = receiver.received.map((r) => `${r.url} ${JSON.parse(r.body).id}`).sort();
      expect(sent).toEqual([`/a ${renewed}`, `/a ${other}`, `/b ${renewed}`, `/b ${signup}`].sort());
      expect((await deliveries()).every((d) => d.status === 'success' && d.id.startsWith('msg_'))).toBe(true);
      const flow = await db().selectFrom('event_flows').selectAll().where('id', '=', domains).executeTakeFirstOrThrow();
      expect({ events: flow.total_events, executions: flow.total_executions, ok: flow.successful_executions }).toEqual({ events: 2, executions: 2, ok: 2 });

      // Nothing is fanned out or sent twice.
      expect(await engine().runOnce()).toEqual({ events: 0, attempts: 0 });
      expect(receiver.received).toHaveLength(4);
    });

    it('sends an event to a webhook once, with one webhook-id, however many flows or actions of it match (quick setup overlaps)', async () => {
      const a = await insertWebhook(db(), { url: `${receiver.url}/a`, maxRetries: 5 });
      const b = await insertWebhook(db(), { url: `${receiver.url}/b` });
      // Quick setup's domain.* and catch-all flows both match a domain event; a flow may also name a webhook twice.
      const first = await insertFlow(db(), { webhookIds: [a.id], triggers: [{ eventType: 'domain.*', conditions: [] }], action: { retries: 1 } });
      const second = await insertFlow(db(), { webhookIds: [a.id, b.id, a.id], triggers: [{ eventType: '*', conditions: [] }], action: { retries: 2 } });

      const renewed = await emit(db(), { type: 'domain.renewed' });
      expect(await engine().runOnce()).toEqual({ events: 1, attempts: 2 });
      expect(receiver.received.map((r) => `${r.url} ${JSON.parse(r.body).id}`).sort()).toEqual([`/a ${renewed}`, `/b ${renewed}`]);
      const rows = await deliveries();
      expect(rows.map((d) => d.webhook_id).sort()).toEqual([a.id, b.id].sort());
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(2);
      // The most retries any matching action asks for, within the webhook's own limit.
      expect(rows.find((d) => d.webhook_id === a.id)?.max_attempts).toBe(3);
      // Both flows saw the event; their executions add up to the deliveries made, whichever flow sent to /a.
      const counts = await db().selectFrom('event_flows').select(['id', 'total_events', 'total_executions']).execute();
      expect(counts.map((f) => f.id).sort()).toEqual([first, second].sort());
      expect(counts.map((f) => f.total_events)).toEqual([1, 1]);
      expect(counts.reduce((sum, f) => sum + f.total_executions, 0)).toBe(2);
    });

    it('with Quick Setup\'s five flows to two webhooks, an event both user.* and *.*.* match reaches each webhook once', async () => {
      const a = await insertWebhook(db(), { url: `${receiver.url}/a` });
      const b = await insertWebhook(db(), { url: `${receiver.url}/b` });
      for (const flow of QUICK_SETUP_FLOWS) {
        await insertFlow(db(), { webhookIds: [a.id, b.id], triggers: flow.patterns.map((eventType) => ({ eventType, conditions: [] })) });
      }
      const created = await emit(db(), { type: 'user.account.created', accountId: 'acc-1' });
      await engine().runOnce();
      expect(receiver.received.map((r) => `${r.url} ${JSON.parse(r.body).id}`).sort()).toEqual([`/a ${created}`, `/b ${created}`]);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(2);
    });

    it('takes the smaller retry count of the action and the webhook, and renders the payload transform', async () => {
      await hookAndFlow({ maxRetries: 5, transformTemplate: '{"text":"{{type}} for {{payload.domain}}","data":"{{payload}}"}' }, { action: { retries: 2 } });
      await emit(db(), { payload: { domain: 'example.org' } });
      await engine().runOnce();
      const [delivery] = await deliveries();
      expect(delivery.max_attempts).toBe(3);
      expect(JSON.parse(receiver.received[0].body)).toEqual({ text: 'domain.renewed for example.org', data: { domain: 'example.org' } });
      expect(receiver.received[0].body).toBe(delivery.payload);
    });
  });

  describe('the request', () => {
    it('is signed by the Standard Webhooks scheme, verifiable by the standardwebhooks package, with the webhook headers and authentication', async () => {
      const hook = await hookAndFlow({ headers: { 'X-Team': 'ops' }, authentication: { type: 'bearer', token: 'tok-123' }, method: 'PUT' });
      const eventId = await emit(db(), { accountId: 'acc-9', correlationId: 'corr-1', payload: { domain: 'a.com' } });
      await engine().runOnce();
      const [request] = receiver.received;
      const [delivery] = await deliveries();
      expect(new Webhook(hook.secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({
        id: eventId, type: 'domain.renewed', severity: 'info', source: 'portal', accountId: 'acc-9', correlationId: 'corr-1', data: { domain: 'a.com' }, context: {},
      });
      expect(request.method).toBe('PUT');
      expect(request.headers).toMatchObject({
        'webhook-id': delivery.id, 'content-type': 'application/json', 'x-team': 'ops', authorization: 'Bearer tok-123',
        'webhook-timestamp': String(Math.floor(clock.now().getTime() / 1000)),
      });
      const [attempt] = await attemptsOf(delivery.id);
      const logged = JSON.parse(attempt.request_headers);
      expect(logged.authorization).toBe('Bearer ••••••');
      expect(JSON.stringify(logged)).not.toContain('tok-123');
      expect(attempt).toMatchObject({ status: 'success', http_status: 200, request_url: `${receiver.url}/hook`, attempt: 1 });
    });

    it('signs with the previous secret too while it is valid (24 h after a rotation), and not after', async () => {
      const oldSecret = (await insertWebhook(db(), { url: 'http://unused.example' })).secret;
      const valid = await hookAndFlow({ previousSecret: oldSecret, previousSecretExpiresAt: new Date(clock.now().getTime() + 23 * 3600_000) });
      await emit(db());
      await engine().runOnce();
      const headers = receiver.received[0].headers as Record<string, string>;
      expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(() => new Webhook(valid.secret).verify(receiver.received[0].body, headers)).not.toThrow();
      expect(() => new Webhook(oldSecret).verify(receiver.received[0].body, headers)).not.toThrow();

      await db().updateTable('webhooks').set({ previous_secret_expires_at: new Date(clock.now().getTime() - 1000).toISOString(), updated_at: new Date().toISOString() })
        .where('id', '=', valid.id).execute();
      await emit(db());
      await engine().runOnce();
      const later = receiver.received[1].headers as Record<string, string>;
      expect(later['webhook-signature'].split(' ')).toHaveLength(1);
      expect(() => new Webhook(valid.secret).verify(receiver.received[1].body, later)).not.toThrow();
      expect(() => new Webhook(oldSecret).verify(receiver.received[1].body, later)).toThrow(/No matching signature/);
    });

    it('stores a capped response body with its headers', async () => {
      await hookAndFlow();
      receiver.answer = () => ({ status: 200, headers: { 'x-receipt': 'r1' }, body: 'y'.repeat(9000) });
      await emit(db());
      await engine().runOnce();
      const [attempt] = await attemptsOf((await deliveries())[0].id);
      expect(attempt.response_body).toHaveLength(4096);
      expect(Boolean(attempt.response_truncated)).toBe(true);
      expect(JSON.parse(attempt.response_headers!)['x-receipt']).toBe('r1');
    });
  });

  describe('retries', () => {
    it('follows the backoff schedule against a receiver that fails, then succeeds, with the same webhook-id', async () => {
      const hook = await hookAndFlow({ backoffStrategy: 'exponential', initialDelayMs: 1000, maxDelayMs: 30_000, maxRetries: 3 });
      receiver.answer = (_, i) => (i < 2 ? { status: 500, body: 'down' } : { status: 200 });
      await emit(db());
      const e = engine();
      const start = clock.now().getTime();

      await e.runOnce();
      let [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_http_status: 500, last_error: 'HTTP 500' });
      const first = new Date(delivery.next_attempt_at!).getTime() - start;
      expect(first).toBeGreaterThanOrEqual(1000);
      expect(first).toBeLessThanOrEqual(1200);

      expect(await e.runOnce()).toEqual({ events: 0, attempts: 0 });
      clock.set(new Date(delivery.next_attempt_at!));
      await e.runOnce();
      [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
      const second = new Date(delivery.next_attempt_at!).getTime() - clock.now().getTime();
      expect(second).toBeGreaterThanOrEqual(1600);
      expect(second).toBeLessThanOrEqual(2400);

      clock.set(new Date(delivery.next_attempt_at!));
      await e.runOnce();
      [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'success', attempts: 3, last_http_status: 200, next_attempt_at: null, lease_owner: null });
      expect((await attemptsOf(delivery.id)).map((a) => [a.attempt, a.status, a.http_status])).toEqual([[1, 'failed', 500], [2, 'failed', 500], [3, 'success', 200]]);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.id]));
      expect(new Set(receiver.received.map((r) => r.headers['webhook-timestamp'])).size).toBe(3);
      const stats = await webhookRow(hook.id);
      expect(stats).toMatchObject({ total_deliveries: 3, successful_deliveries: 1, failed_deliveries: 2, health_status: 'healthy', consecutive_failures: 0 });
    });

    it('fails the delivery once its attempts are used up (linear and fixed backoff)', async () => {
      await hookAndFlow({ backoffStrategy: 'linear', initialDelayMs: 2000, maxRetries: 2 });
      receiver.answer = () => ({ status: 502 });
      await emit(db());
      const e = engine();
      await e.runOnce();
      clock.advance(2000);
      await e.runOnce();
      let [delivery] = await deliveries();
      expect(new Date(delivery.next_attempt_at!).getTime() - clock.now().getTime()).toBe(4000);
      clock.advance(4000);
      await e.runOnce();
      [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null, last_error: 'HTTP 502' });
      clock.advance(3600_000);
      expect(await e.runOnce()).toEqual({ events: 0, attempts: 0 });
    });

    it.each<[string, (now: Date) => string, number]>([
      ['seconds', () => '120', 120_000],
      ['an HTTP date', (now) => new Date(now.getTime() + 300_000).toUTCString(), 300_000],
      ['more than the cap', () => '86400', 3600_000],
    ])('honours Retry-After given in %s', async (_, header, expected) => {
      await hookAndFlow({ backoffStrategy: 'fixed', initialDelayMs: 1000 });
      clock.set(new Date(Math.floor(Date.now() / 1000) * 1000));
      receiver.answer = () => ({ status: 429, headers: { 'retry-after': header(clock.now()) } });
      await emit(db());
      await engine().runOnce();
      const [delivery] = await deliveries();
      expect(new Date(delivery.next_attempt_at!).getTime() - clock.now().getTime()).toBe(expected);
    });
  });

  describe('failures', () => {
    it('times out at the smaller of the action and webhook time-outs', async () => {
      await hookAndFlow({ timeoutMs: 30_000, maxRetries: 0 }, { action: { timeout: 300 } });
      receiver.answer = () => 'hang';
      await emit(db());
      await engine().runOnce();
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'failed', last_error: 'Timed out after 300 ms', last_http_status: null });
      const [attempt] = await attemptsOf(delivery.id);
      expect(attempt).toMatchObject({ status: 'failed', http_status: null, error: 'Timed out after 300 ms', response_body: null });
      receiver.dropHanging();
    });

    it('treats a redirect as a failure unless the webhook follows redirects; each hop is checked again', async () => {
      receiver.answer = (r) => {
        if (r.url === '/moved') return { status: 301, headers: { location: '/hook' } };
        if (r.url === '/to-metadata') return { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } };
        return { status: 200 };
      };
      const stay = await insertWebhook(db(), { url: `${receiver.url}/moved`, maxRetries: 0 });
      const follow = await insertWebhook(db(), { url: `${receiver.url}/moved`, followRedirects: true });
      const inside = await insertWebhook(db(), { url: `${receiver.url}/to-metadata`, followRedirects: true, maxRetries: 0 });
      await insertFlow(db(), { webhookIds: [stay.id, follow.id, inside.id] });
      await emit(db());
      await engine().runOnce();
      const byHook = Object.fromEntries((await deliveries()).map((d) => [d.webhook_id, d]));
      expect(byHook[stay.id]).toMatchObject({ status: 'failed', last_http_status: 301, last_error: 'Redirect not followed (301 to /hook)' });
      expect(byHook[follow.id]).toMatchObject({ status: 'success', last_http_status: 200 });
      expect((await attemptsOf(byHook[follow.id].id))[0].request_url).toBe(`${receiver.url}/hook`);
      expect(byHook[inside.id]).toMatchObject({ status: 'failed', last_http_status: null, last_error: 'Blocked: cloud metadata address 169.254.169.254' });
    });

    it('refuses a host name that resolves to 127.0.0.1 when dialling, without the allow list', async () => {
      await hookAndFlow({ url: `http://localhost:${receiver.port}/hook`, maxRetries: 0 });
      await hookAndFlow({ url: `http://127.0.0.1:${receiver.port}/hook`, maxRetries: 0 });
      await emit(db());
      await engine(EMPTY_ALLOW_LIST).runOnce();
      const errors = (await deliveries()).map((d) => d.last_error).sort();
      expect(errors[0]).toBe('Blocked: loopback address 127.0.0.1');
      expect(errors[1]).toMatch(/^Blocked: loopback address (127\.0\.0\.1|::1) \(localhost\)$/);
      expect(receiver.received).toHaveLength(0);
    });
  });

  describe('health', () => {
    it('becomes degraded after 3 failures in a row, error after 10, healthy again on a success, with an event each time', async () => {
      const hook = await hookAndFlow({ maxRetries: 0 });
      receiver.answer = () => ({ status: 500 });
      const e = engine();
      for (let i = 0; i < 3; i += 1) await emit(db());
      await e.runOnce();
      expect(await webhookRow(hook.id)).toMatchObject({ health_status: 'degraded', consecutive_failures: 3 });
      for (let i = 0; i < 7; i += 1) await emit(db());
      await e.runOnce();
      expect(await webhookRow(hook.id)).toMatchObject({ health_status: 'error', consecutive_failures: 10, failed_deliveries: 10 });
      expect((await eventsOfType('system.webhook.degraded')).at(-1)).toMatchObject({ severity: 'warning' });
      expect(JSON.parse((await eventsOfType('system.webhook.failing')).at(-1)!.payload)).toMatchObject({ webhookId: hook.id, health: 'error' });

      receiver.answer = () => ({ status: 204 });
      await emit(db());
      await e.runOnce();
      expect(await webhookRow(hook.id)).toMatchObject({ health_status: 'healthy', consecutive_failures: 0, failing_since: null, is_active: expect.anything() });
      expect(JSON.parse((await eventsOfType('system.webhook.recovered')).at(-1)!.payload)).toMatchObject({ webhookId: hook.id });
    });

    it('is disabled by a 410 answer, and its other pending deliveries end', async () => {
      const hook = await hookAndFlow({ maxRetries: 3 });
      receiver.answer = () => ({ status: 410 });
      await emit(db());
      await emit(db());
      await engine().runOnce();
      const row = await webhookRow(hook.id);
      expect(Boolean(row.is_active)).toBe(false);
      expect(row).toMatchObject({ health_status: 'disabled', disabled_reason: 'The receiver answered 410 Gone' });
      expect((await deliveries()).map((d) => d.status)).toEqual(['failed', 'failed']);
      expect(receiver.received.length).toBeLessThanOrEqual(2);
      const [disabled] = await eventsOfType('system.webhook.disabled');
      expect(JSON.parse(disabled.payload)).toMatchObject({ webhookId: hook.id, reason: 'The receiver answered 410 Gone' });
      // New events no longer go to it.
      await emit(db());
      await engine().runOnce();
      expect(await deliveries()).toHaveLength(2);
    });

    it('is disabled after failing for 24 hours without a success', async () => {
      const hook = await hookAndFlow({ backoffStrategy: 'fixed', initialDelayMs: 3600_000, maxDelayMs: 3600_000, maxRetries: 30 }, { action: { retries: 30 } });
      receiver.answer = () => ({ status: 503 });
      await emit(db());
      const e = engine();
      await e.runOnce();
      for (let hour = 1; hour < 24; hour += 1) {
        clock.advance(3600_000);
        await e.runOnce();
      }
      expect(await webhookRow(hook.id)).toMatchObject({ health_status: 'error', consecutive_failures: 24 });
      clock.advance(3600_000);
      await e.runOnce();
      const row = await webhookRow(hook.id);
      expect(Boolean(row.is_active)).toBe(false);
      expect(row).toMatchObject({ health_status: 'disabled', disabled_reason: 'Failing for 24 hours without a successful delivery' });
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'failed', attempts: 25 });
      expect(delivery.last_error).toMatch(/webhook disabled: Failing for 24 hours/);
    });
  });

  describe('operator resend and replay', () => {
    it('sends a failed delivery again with the same webhook-id after resendDelivery, and after replayFailedDeliveries', async () => {
      const operator = await signUpOperator(t);
      const hook = await hookAndFlow({ maxRetries: 0 });
      receiver.answer = () => ({ status: 500 });
      await emit(db());
      const e = engine();
      await e.runOnce();
      const [failed] = await deliveries();
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });

      receiver.answer = () => ({ status: 200 });
      expect((await t.call('resendDelivery', { deliveryId: failed.id }, operator)).status).toBe(200);
      clock.advance(60_000);
      await e.runOnce();
      expect(await deliveries()).toMatchObject([{ id: failed.id, status: 'success', attempts: 2 }]);
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([failed.id, failed.id]);

      receiver.answer = () => ({ status: 503 });
      await emit(db());
      await e.runOnce();
      const second = (await deliveries()).find((d) => d.id !== failed.id)!;
      expect(second.status).toBe('failed');
      receiver.answer = () => ({ status: 200 });
      const replay = await t.call('replayFailedDeliveries', { webhookId: hook.id, since: new Date(Date.now() - 3600_000).toISOString() }, operator);
      expect(replay.result).toMatchObject({ replayed: 1 });
      clock.advance(60_000);
      await e.runOnce();
      expect((await deliveries()).map((d) => d.status)).toEqual(['success', 'success']);
      expect(receiver.received.slice(2).map((r) => r.headers['webhook-id'])).toEqual([second.id, second.id]);
    });
  });
});
