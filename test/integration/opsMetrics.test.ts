import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineContract } from '../../src/common/protocol.ts';
import { createDeliveryEngine } from '../../src/server/features/events/engine/engine.ts';
import { parseAllowList } from '../../src/server/features/events/outbound/addressPolicy.ts';
import { implement } from '../../src/server/rpc/registry.ts';
import { seedSupplier } from '../support/domains/suppliers.ts';
import { emit, insertFlow, insertWebhook, type Receiver, startReceiver } from '../support/events/engine.ts';
import { accountWithMembers, type AccountWithMembers, createUser } from '../support/factories.ts';
import { parseSamples, samplesOf, valueOf } from '../support/prometheusText.ts';
import { type NamecheapFake, namecheapFakeEnv, startNamecheapFake } from '../support/registrars/namecheap.fake.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Issue 20, observability: each metric family `/metrics` promises appears with its labels after
 * the action that feeds it. The process's own counters are shared by every app a test worker
 * starts, so the assertions read the change an action makes, not the total.
 */
const METRICS_TOKEN = 'metrics-token-for-ops-tests-0123456789';

const failing = implement(defineContract({
  name: 'opsMetricsFailure', summary: 'Fails unexpectedly (a test-only function).', access: 'public', kind: 'read',
  input: z.object({}), output: z.object({}),
}), async () => { throw new Error('an unexpected failure'); });

describeEachDialect('/metrics families', (dialect) => {
  let t: TestApp;
  let namecheap: NamecheapFake;
  let receiver: Receiver;
  let cast: AccountWithMembers;

  beforeAll(async () => {
    namecheap = await startNamecheapFake();
    receiver = await startReceiver((request) => ({ status: request.url.startsWith('/down') ? 500 : 200 }));
    const registrarEnv = Object.fromEntries(Object.entries(namecheapFakeEnv(namecheap.url)).filter(([name]) => name.startsWith('NAMECHEAP_')));
    t = await startTestApp(dialect, {
      env: { METRICS_TOKEN, FUNCTION_RATE_LIMITS: 'on', ...registrarEnv },
      // Each call comes from an address of its own, but for the one whose budget the test spends.
      config: { functionLimits: { addressPointsPerMinute: 6 } },
      handlers: [failing],
    });
    cast = await accountWithMembers(t);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, [{ tld: 'com', registerCents: 900 }]);
  });
  afterAll(async () => {
    await t.stop();
    await receiver.close();
    await namecheap.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return parseSamples(res.body);
  };
  const post = (name: string, token?: string, data: unknown = {}, from = nextClientIp()) => t.app.inject({
    method: 'POST', url: `/api/fn/${name}`, remoteAddress: from,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify({ data }),
  });
  const count = (samples: ReturnType<typeof parseSamples>, name: string, labels: Record<string, string>) => valueOf(samples, name, labels) ?? 0;

  it('times each function call by function and outcome: ok, client_error, server_error, rate_limited; unknown names share one label', async () => {
    const fn = 'portal_function_duration_seconds_count';
    const before = await scrape();
    const user = await createUser(t);
    const statuses: number[] = [];
    // An address's budget is 6 points a minute: its seventh read is refused.
    const address = nextClientIp();
    for (let i = 0; i < 7; i++) statuses.push((await post('getProfile', user.token, {}, address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await post('getProfile')).statusCode).toBe(401);
    expect((await post('opsMetricsFailure')).statusCode).toBe(500);
    expect((await post('noSuchFunction')).statusCode).toBe(404);
    expect((await post('anotherMadeUpName')).statusCode).toBe(404);
    const after = await scrape();

    const delta = (labels: Record<string, string>) => count(after, fn, labels) - count(before, fn, labels);
    expect(delta({ function: 'getProfile', outcome: 'ok' })).toBe(6);
    expect(delta({ function: 'getProfile', outcome: 'rate_limited' })).toBe(1);
    expect(delta({ function: 'getProfile', outcome: 'client_error' })).toBe(1);
    expect(delta({ function: 'opsMetricsFailure', outcome: 'server_error' })).toBe(1);
    expect(delta({ function: 'unknown', outcome: 'client_error' })).toBe(2);
    expect(samplesOf(after, fn).some((s) => s.labels.function === 'noSuchFunction')).toBe(false);
    // A histogram: the buckets are there for p50/p95/p99.
    expect(samplesOf(after, 'portal_function_duration_seconds_bucket', { function: 'getProfile', outcome: 'ok', le: '+Inf' })).toHaveLength(1);
  });

  it('times registrar calls per supplier and operation, and counts those that end without an answer', async () => {
    const histogram = 'portal_registrar_call_duration_seconds_count';
    const errors = 'portal_registrar_call_errors_total';
    const labels = { supplier: 'namecheap', operation: 'namecheap.domains.check' };
    const search = (query: string) => post('searchDomains', cast.owner.token, { query, tlds: ['com'], accountId: cast.accountId });

    const before = await scrape();
    expect((await search('metrics-probe-one')).statusCode).toBe(200);
    const answered = await scrape();
    expect(count(answered, histogram, { ...labels, outcome: 'ok' }) - count(before, histogram, { ...labels, outcome: 'ok' })).toBe(1);
    expect(count(answered, errors, { ...labels, outcome: 'unknown' })).toBe(count(before, errors, { ...labels, outcome: 'unknown' }));

    // A proxy's 502 in front of the registrar: no answer, the outcome unknown.
    namecheap.http.override({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' });
    expect((await search('metrics-probe-two')).statusCode).toBe(200);
    const failed = await scrape();
    expect(count(failed, errors, { ...labels, outcome: 'unknown' }) - count(answered, errors, { ...labels, outcome: 'unknown' })).toBe(1);
    expect(count(failed, histogram, { ...labels, outcome: 'unknown' }) - count(answered, histogram, { ...labels, outcome: 'unknown' })).toBe(1);
  });

  it('shows each job queue\'s waiting jobs, read from the app\'s own queue at scrape time', async () => {
    const queue = `ops-metrics-${dialect}`;
    expect(valueOf(await scrape(), 'portal_job_queue_waiting', { queue })).toBeUndefined();
    await t.services.jobs.send(queue, { n: 1 });
    await t.services.jobs.send(queue, { n: 2 });
    const samples = await scrape();
    expect(valueOf(samples, 'portal_job_queue_waiting', { queue })).toBe(2);
    expect(valueOf(samples, 'portal_job_queue_running', { queue })).toBe(0);
    expect(valueOf(samples, 'portal_job_queue_oldest_waiting_seconds', { queue })).toBeGreaterThanOrEqual(0);
  });

  it('shows each webhook endpoint\'s health, read from the database at scrape time', async () => {
    const db = t.services.db;
    const up = await insertWebhook(db, { url: `${receiver.url}/up`, name: 'Billing receiver' });
    const down = await insertWebhook(db, { url: `${receiver.url}/down`, name: 'Flaky receiver', maxRetries: 3 });
    const off = await insertWebhook(db, { url: `${receiver.url}/off`, name: 'Switched off', isActive: false });
    await insertFlow(db, { webhookIds: [up.id, down.id], triggers: [{ eventType: 'domain.*', conditions: [] }] });
    // Only this event is new to the engine (sign-ups and the rest before it count as fanned out).
    await db.updateTable('platform_events').set({ processed: true }).execute();
    await emit(db, { type: 'domain.renewed' });
    const engine = createDeliveryEngine({ db, dialect, allow: parseAllowList('127.0.0.1'), log: t.services.log, concurrency: 2 });
    try {
      expect(await engine.runOnce()).toEqual({ events: 1, attempts: 2 });
    } finally {
      await engine.stop();
    }

    const samples = await scrape();
    const of = (name: string, id: string) => valueOf(samples, name, { webhook_id: id });
    expect(valueOf(samples, 'portal_webhook_info', { webhook_id: down.id, name: 'Flaky receiver' })).toBe(1);
    expect(of('portal_webhook_consecutive_failures', down.id)).toBe(1);
    expect(of('portal_webhook_consecutive_failures', up.id)).toBe(0);
    // The failed delivery waits for its retry; the delivered one does not.
    expect(of('portal_webhook_pending_deliveries', down.id)).toBe(1);
    expect(of('portal_webhook_pending_deliveries', up.id)).toBe(0);
    expect(of('portal_webhook_oldest_pending_seconds', down.id)).toBeGreaterThanOrEqual(0);
    expect(of('portal_webhook_oldest_pending_seconds', up.id)).toBeUndefined();
    expect(of('portal_webhook_last_success_age_seconds', up.id)).toBeGreaterThanOrEqual(0);
    expect(of('portal_webhook_last_success_age_seconds', down.id)).toBeUndefined();
    expect(of('portal_webhook_disabled', off.id)).toBe(1);
    expect(of('portal_webhook_disabled', up.id)).toBe(0);
    expect(valueOf(samples, 'portal_webhook_health', { webhook_id: up.id, state: 'healthy' })).toBe(1);
    expect(valueOf(samples, 'portal_webhook_health', { webhook_id: up.id, state: 'degraded' })).toBe(0);
    expect(valueOf(samples, 'portal_metrics_collector_up', { collector: 'webhooks' })).toBe(1);

    // Gone from the database, gone from the next scrape: the label set follows the endpoints.
    await db.deleteFrom('webhook_delivery_attempts').where('webhook_id', '=', off.id).execute();
    await db.deleteFrom('webhooks').where('id', '=', off.id).execute();
    expect(samplesOf(await scrape(), 'portal_webhook_disabled', { webhook_id: off.id })).toEqual([]);
  });
});
