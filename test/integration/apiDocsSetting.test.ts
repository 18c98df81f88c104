import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';

/** API_DOCS=public|signed-in decides who reads GET /api/docs; SECURITY_CONTACT feeds /.well-known/security.txt. */
describeEachDialect('API_DOCS and SECURITY_CONTACT settings', (dialect) => {
  let open: TestApp;
  let closed: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    [open, closed] = await Promise.all([
      startTestApp(dialect),
      startTestApp(dialect, { env: { API_DOCS: 'signed-in', SECURITY_CONTACT: 'mailto:security@provider.example' } }),
    ]);
    user = await createUser(closed);
  });
  afterAll(async () => { await Promise.all([open.stop(), closed.stop()]); });

  it('by default (API_DOCS=public) anyone reads the OpenAPI description', async () => {
    const res = await open.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });

  it('API_DOCS=signed-in: signed out or with a made-up session is a 401 in the protocol\'s error shape; signed in reads it', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-session' }, { cookie: 'better-auth.session_token=forged.value' }]) {
      const res = await closed.app.inject({ method: 'GET', url: '/api/docs', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'Sign in to read the API description.' } });
    }
    const res = await closed.app.inject({ method: 'GET', url: '/api/docs', headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths).length).toBeGreaterThan(10);
  });

  it('security.txt names the configured contact, and is not served when none is configured', async () => {
    const res = await closed.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/^Contact: mailto:security@provider\.example\nExpires: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\n/);
    expect((await open.app.inject({ method: 'GET', url: '/.well-known/security.txt' })).statusCode).toBe(404);
  });
});
