import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';

describeEachDialect('cross-site requests to functions', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const user = await t.signUp({ password: PASSWORD });
    token = user.token;
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextClientIp(),
      headers: { 'content-type': 'application/json', origin: ORIGIN }, payload: { email: user.email, password: PASSWORD },
    });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    cookie = setCookie.find((c) => c.startsWith('better-auth.session_token='))!.split(';')[0];
  });
  afterAll(async () => { await t.stop(); });

  const createAccount = (headers: Record<string, string>, name: string) => t.app.inject({
    method: 'POST', url: '/api/fn/createAccount',
    headers: { 'content-type': 'application/json', ...headers }, payload: { data: { accountName: name } },
  });
  const accountsNamed = (name: string) => t.services.db.selectFrom('accounts').select('id').where('name', '=', name).execute();

  it.each([
    ['Origin: http://evil.example', { origin: 'http://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost:3000' }],
    ['a look-alike origin', { origin: 'http://localhost:3000.evil.example' }],
  ])('a cookie-authenticated call with %s is refused with 403 and writes nothing', async (label, headers) => {
    const name = `CSRF ${dialect} ${label}`;
    const res = await createAccount({ cookie, ...headers }, name);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.status).toBe('PERMISSION_DENIED');
    expect(await accountsNamed(name)).toEqual([]);
  });

  it('a same-origin browser call with the cookie works', async () => {
    const name = `Same origin ${dialect}`;
    const res = await createAccount({ cookie, origin: ORIGIN, 'sec-fetch-site': 'same-origin' }, name);
    expect(res.statusCode).toBe(200);
    expect(await accountsNamed(name)).toHaveLength(1);
  });

  it('bearer-token calls are unaffected by Origin and Fetch Metadata', async () => {
    const name = `Bearer ${dialect}`;
    const res = await createAccount({ authorization: `Bearer ${token}`, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }, name);
    expect(res.statusCode).toBe(200);
    expect(await accountsNamed(name)).toHaveLength(1);
  });
});
