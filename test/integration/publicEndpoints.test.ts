import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contracts } from '../../src/common/contracts/index.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../support/testApp.ts';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

describeEachDialect('public platform endpoints', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect, { env: { METRICS_TOKEN } }); });
  afterAll(async () => { await t.stop(); });

  it('GET /api/config gives what the SPA needs and no secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      productName: expect.any(String),
      signInMethods: { emailPassword: true, google: false },
      minPasswordLength: expect.any(Number),
      payments: { mode: 'test', publishableKey: null },
    });
    expect(res.body).not.toContain(t.services.config.AUTH_SECRET);
  });

  it('GET /api/docs describes every function contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const expected = Object.values(contracts).map((c) => `/api/fn/${c.name}`).sort();
    expect(Object.keys(doc.paths).sort()).toEqual(expected);
    const createAccount = doc.paths['/api/fn/createAccount'].post;
    expect(createAccount.operationId).toBe('createAccount');
    expect(createAccount.requestBody.content['application/json'].schema.properties.data).toBeTruthy();
  });

  it('GET /healthz and /readyz answer while the database does', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('GET /metrics (with its token) is Prometheus text with request durations per function', async () => {
    const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    await t.call('getSessionState', {}, null);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/fn\/getSessionState",status="401"\} \d+/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
    // Made-up function names share one series.
    await t.callRaw('madeUpName1', {}, null);
    const after = await scrape();
    expect(after.body).toContain('route="/api/fn/unknown",status="404"');
    expect(after.body).not.toContain('madeUpName1');
  });

  it('an unknown API path is a 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Not found.' } });
  });
});

describeEachDialect('public config with Google sign-in', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { GOOGLE_CLIENT_ID: 'client-id-123.apps.example', GOOGLE_CLIENT_SECRET: 'google-secret-value-xyz' } });
  });
  afterAll(async () => { await t.stop(); });

  it('turns the google flag on when both Google variables are set, and never shows the secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().signInMethods).toEqual({ emailPassword: true, google: true });
    expect(res.body).not.toContain('google-secret-value-xyz');
    expect(res.body).not.toContain('client-id-123');
  });
});

describeEachDialect('readiness without a database', (dialect) => {
  it('GET /readyz is 503 once the database stops answering, while /healthz stays up', async () => {
    const t = await startTestApp(dialect);
    const live = t.services.db;
    // Swap in a closed database, as after a lost connection.
    const dead = openDatabase({ sqliteFile: ':memory:' });
    await sql`select 1`.execute(dead.db);
    await dead.close();
    t.services.db = dead.db;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.services.db = live;
      await t.stop();
    }
  });
});
