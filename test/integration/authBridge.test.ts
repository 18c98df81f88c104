import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';

/** Text that only a framework, driver or database would write. */
const LEAK = /Maximum call stack|stack|driver|destroyed|syntax error|invalid byte sequence|22021|SQLITE|postgres|kysely|zod|FST_/i;

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describeEachDialect('the /api/auth bridge', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const auth = (method: 'GET' | 'POST', path: string, payload?: string, headers: Record<string, string> = {}) => t.app.inject({
    method, url: `/api/auth${path}`, remoteAddress: nextClientIp(),
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), origin: ORIGIN, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

  it.each([
    ['POST', '/update-user'], ['GET', '/list-sessions'], ['POST', '/revoke-sessions'], ['POST', '/delete-user'],
    ['POST', '/change-email'], ['GET', '/list-accounts'], ['POST', '/update-session'], ['GET', '/ok'], ['POST', '/no-such-endpoint'],
  ])('%s %s, which the portal does not use, is a JSON 404', async (method, path) => {
    const user = await t.signUp();
    const res = await auth(method as 'GET' | 'POST', path, method === 'POST' ? '{"name":{"x":1}}' : undefined, { authorization: `Bearer ${user.token}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Not found.' } });
    const row = await t.services.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(user.name);
  });

  it('a 50,000-level nested body is a clear 400, on auth endpoints and functions alike', async () => {
    for (const url of ['/api/auth/sign-in/email', '/api/fn/getSessionState', '/api/auth/sign-up/email']) {
      const res = await t.app.inject({
        method: 'POST', url, remoteAddress: nextClientIp(),
        headers: { 'content-type': 'application/json', origin: ORIGIN }, payload: nested(50_000),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toEqual({ status: 'INVALID_ARGUMENT', message: 'The request body is nested too deeply.' });
    }
  });

  it('a 5 MB body is refused in the protocol shape', async () => {
    const res = await auth('POST', '/sign-up/email', JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024), email: 'big@example.test', password: 'correct horse battery' }));
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().error).toEqual({ status: 'INVALID_ARGUMENT', message: 'The request body is too large.' });
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', 'big@example.test').execute()).toEqual([]);
  });

  it.each([
    ['an object', { x: 1 }, 'Display name is required.'],
    ['three spaces', '   ', 'Display name is required.'],
    ['100,000 characters', 'n'.repeat(100_000), 'Display name must be at most 100 characters.'],
  ])('sign-up refuses a name that is %s, with the same rule as updateProfile', async (_label, name, message) => {
    const email = `name-${dialect}-${Math.random().toString(36).slice(2)}@example.test`;
    const res = await auth('POST', '/sign-up/email', JSON.stringify({ name, email, password: 'correct horse battery' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('sign-up stores the trimmed name', async () => {
    const email = `trim-${dialect}@example.test`;
    const res = await auth('POST', '/sign-up/email', JSON.stringify({ name: '  Ada Lovelace ', email, password: 'correct horse battery' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('Ada Lovelace');
  });

  it.each([
    ['/sign-in/email', { email: 'a@example.test', password: 'x', role: 'super_admin' }],
    ['/sign-in/email', { email: ['a@example.test'], password: 'x' }],
    ['/sign-up/email', { name: 'A B', email: 'role@example.test', password: 'correct horse battery', role: 'super_admin' }],
    ['/reset-password', { token: { $ne: 1 }, newPassword: 'correct horse battery' }],
    ['/request-password-reset', { email: 'not an address' }],
  ])('%s refuses the body %j with a 400', async (path, body) => {
    const res = await auth('POST', path, JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.status).toBe('INVALID_ARGUMENT');
    expect(await t.services.db.selectFrom('users').select('id').where('email', '=', 'role@example.test').execute()).toEqual([]);
  });

  it('a text/plain body (the form-post path of CSRF) is refused as not JSON, on auth endpoints and functions', async () => {
    for (const url of ['/api/auth/sign-in/email', '/api/fn/getProfile']) {
      const res = await t.app.inject({
        method: 'POST', url, remoteAddress: nextClientIp(),
        headers: { 'content-type': 'text/plain', origin: ORIGIN }, payload: '{"email":"a@example.test","password":"x"}',
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toEqual({ status: 'INVALID_ARGUMENT', message: 'The request body must be JSON (Content-Type: application/json).' });
    }
  });

  it('sign-out without a body still signs out', async () => {
    const user = await t.signUp();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', remoteAddress: nextClientIp(), headers: { origin: ORIGIN, authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(200);
    expect((await t.call('getProfile', {}, user)).status).toBe(401);
  });

  it('a NUL byte in a bearer token or a session cookie is "not signed in", never a database error', async () => {
    const user = await t.signUp();
    for (const headers of <Record<string, string>[]>[
      { authorization: 'Bearer abc\u0000def' }, { authorization: `Bearer ${user.token}%00` }, { authorization: 'Bearer %00' },
      { cookie: 'better-auth.session_token=abc%00def.sig' },
    ]) {
      const session = await auth('GET', '/get-session', undefined, headers);
      expect(session.statusCode, JSON.stringify(headers)).toBe(200);
      expect(session.json()).toBeNull();
      expect(session.body).not.toMatch(LEAK);
      const fn = await t.app.inject({ method: 'POST', url: '/api/fn/getProfile', headers: { 'content-type': 'application/json', ...headers }, payload: '{"data":{}}' });
      expect(fn.statusCode, JSON.stringify(headers)).toBe(401);
      expect(fn.body).not.toMatch(LEAK);
    }
  });

  it('a NUL byte in a reset token is a clear 400', async () => {
    const res = await auth('POST', '/reset-password', JSON.stringify({ token: 'abc\u0000def', newPassword: 'correct horse battery' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(res.body).not.toMatch(LEAK);
  });

  it('an unexpected failure inside better-auth answers INTERNAL with a request id and nothing of the cause', async () => {
    const user = await t.signUp();
    // Break the session table under better-auth's feet, as a failing database would.
    const spy = t.auth.handler;
    t.auth.handler = async () => new Response(JSON.stringify({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00 at driver' }), { status: 500, headers: { 'content-type': 'application/json' } });
    try {
      const res = await auth('GET', '/get-session', undefined, { authorization: `Bearer ${user.token}` });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { status: 'INTERNAL', message: `Internal error (request id ${res.headers['x-request-id']}).` } });
      expect(res.body).not.toMatch(LEAK);
    } finally {
      t.auth.handler = spy;
    }
  });

  it('an unknown API path answers a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/not-a-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Not found.' } });
    }
  });

  it('an error thrown in any route is INTERNAL with a request id, not the framework\'s text', async () => {
    const user = await t.signUp();
    const live = t.services.db;
    const broken = new Proxy(live, { get: () => { throw new Error('driver has already been destroyed'); } });
    t.services.db = broken as never;
    try {
      const res = await auth('GET', '/get-session', undefined, { authorization: `Bearer ${user.token}` });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.status).toBe('INTERNAL');
      expect(res.body).not.toMatch(LEAK);
    } finally {
      t.services.db = live;
    }
  });
});

describeEachDialect('the /api/auth bridge with Google sign-in', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { GOOGLE_CLIENT_ID: 'client-id.apps.example', GOOGLE_CLIENT_SECRET: 'google-secret-value' } });
  });
  afterAll(async () => { await t.stop(); });

  const social = (body: unknown) => t.app.inject({
    method: 'POST', url: '/api/auth/sign-in/social', remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: ORIGIN }, payload: JSON.stringify(body),
  });

  it('starts Google sign-in with the body the web sends, returning to a page on this site', async () => {
    const res = await social({ provider: 'google', callbackURL: `${ORIGIN}/accept-invitation/abc`, errorCallbackURL: `${ORIGIN}/login` });
    expect(res.statusCode).toBe(200);
    expect(new URL(res.json().url).hostname).toBe('accounts.google.com');
  });

  it.each(['https://evil.example/', '//evil.example/x', 'http://localhost:3000.evil.example/'])('refuses %s as where Google sends the person back', async (target) => {
    for (const body of [{ provider: 'google', callbackURL: target }, { provider: 'google', errorCallbackURL: target }]) {
      const res = await social(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.status).toBe('INVALID_ARGUMENT');
    }
  });

  it('only Google: another provider name is refused', async () => {
    expect((await social({ provider: 'github', callbackURL: '/' })).statusCode).toBe(400);
  });
});
