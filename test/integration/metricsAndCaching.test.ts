import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describeEachDialect('/metrics behind a token', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect, { env: { METRICS_TOKEN } }); });
  afterAll(async () => { await t.stop(); });

  it('answers only with the configured bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('process_cpu_user_seconds_total');
  });

  it('function answers, successes and errors alike, are never cached', async () => {
    const user = await createUser(t);
    expect((await t.app.inject({
      method: 'POST', url: '/api/fn/getProfile', headers: { authorization: `Bearer ${user.token}` }, payload: { data: {} },
    })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'POST', url: '/api/fn/getProfile', payload: { data: {} } })).headers['cache-control']).toBe('no-store');
  });

  it('list-sessions is not exposed, so no raw session token reaches a browser', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'GET', url: '/api/auth/list-sessions', remoteAddress: nextClientIp(), headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(user.token);
  });
});

describe('/metrics without a token', () => {
  it('is not served at all', async () => {
    const t = await startTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.status).toBe('NOT_FOUND');
      expect(res.body).not.toContain('process_cpu_user_seconds_total');
    } finally {
      await t.stop();
    }
  });
});
