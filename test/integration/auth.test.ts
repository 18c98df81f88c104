import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';

describeEachDialect('authentication over HTTP', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const authPost = (path: string, body: unknown, extra: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST', url: `/api/auth${path}`, remoteAddress: extra.ip ?? nextClientIp(),
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...extra.headers }, payload: JSON.stringify(body),
    });
  const signIn = (email: string, password: string, ip?: string, headers?: Record<string, string>) =>
    authPost('/sign-in/email', { email, password }, { ip, headers });
  const sessionCookie = (setCookie: string | string[] | undefined) => {
    const cookies = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
    const session = cookies.find((c) => c.startsWith('better-auth.session_token='));
    return session?.split(';')[0];
  };
  const stateWithCookie = (cookie: string) => t.app.inject({
    method: 'POST', url: '/api/fn/getSessionState', headers: { 'content-type': 'application/json', cookie }, payload: '{"data":{}}',
  });

  it('signs up, signs in with a session cookie, and the cookie identifies the caller', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const res = await signIn(user.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toBeTruthy();
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const state = await stateWithCookie(cookie!);
    expect(state.statusCode).toBe(200);
    expect(state.json().result).toMatchObject({ globalRole: 'user' });
    const profile = await t.app.inject({
      method: 'POST', url: '/api/fn/getProfile', headers: { 'content-type': 'application/json', cookie: cookie! }, payload: '{"data":{}}',
    });
    expect(profile.json().result).toMatchObject({ email: user.email });
  });

  it('a tampered session cookie is refused', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const cookie = sessionCookie((await signIn(user.email, PASSWORD)).headers['set-cookie'])!;
    const [name, value] = cookie.split('=');
    const token = decodeURIComponent(value).split('.')[0];
    const forged = `${name}=${encodeURIComponent(`${token}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`)}`;
    expect((await stateWithCookie(forged)).statusCode).toBe(401);
  });

  it('Authorization: Bearer <token> works, and stops working after sign-out', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const signedIn = await signIn(user.email, PASSWORD);
    const token = signedIn.json().token as string;
    expect(token).toBeTruthy();
    expect((await t.call('getSessionState', {}, token)).status).toBe(200);

    const out = await authPost('/sign-out', {}, { headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    const after = await t.call('getSessionState', {}, token);
    expect(after.status).toBe(401);
    expect(after.error?.status).toBe('UNAUTHENTICATED');
    // The sign-up session is a different one and still works.
    expect((await t.call('getSessionState', {}, user.token)).status).toBe(200);
  });

  it('a wrong password is refused without saying which part was wrong', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const wrong = await signIn(user.email, 'not the password at all');
    const unknown = await signIn('nobody-here@example.test', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('repeated failed sign-ins from one address get HTTP 429; another address is unaffected', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const ip = nextClientIp();
    const statuses: number[] = [];
    // Each guess names another account: the per-account throttle (signInThrottle.test.ts) stays out of this one.
    for (let i = 0; i < 12; i++) statuses.push((await signIn(`guess-${i}-${user.email}`, `wrong password ${i}`, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits out the window from that address...
    expect((await signIn(user.email, PASSWORD, ip)).statusCode).toBe(429);
    // ...while the same user from elsewhere signs in.
    expect((await signIn(user.email, PASSWORD, nextClientIp())).statusCode).toBe(200);
  });

  it('a client-sent address header cannot dodge the limit', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const ip = nextClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const spoof = { 'x-portal-client-ip': nextClientIp(), 'x-forwarded-for': nextClientIp(), 'x-real-ip': nextClientIp() };
      statuses.push((await signIn(user.email, `wrong password ${i}`, ip, spoof)).statusCode);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('password reset: e-mailed link, new password set, old one refused, old sessions ended', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const requested = await authPost('/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    expect(requested.statusCode).toBe(200);
    // Besides the sign-up's verification mail, exactly one reset mail.
    const mails = (await t.outbox(user.email)).filter((m) => m.subject !== 'Verify your e-mail address');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Reset your password');
    const link = mails[0].text_body.match(/http:\/\/localhost:3000\/reset-password\?token=(\S+)/);
    expect(link).toBeTruthy();
    const token = decodeURIComponent(link![1]);

    const reset = await authPost('/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a brand new passphrase')).statusCode).toBe(200);
    expect((await t.call('getSessionState', {}, user)).status).toBe(401);
    // The link works once.
    const again = await authPost('/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(again.statusCode).toBe(400);
  });

  it('a reset request for an unknown address answers the same and sends nothing', async () => {
    const res = await authPost('/request-password-reset', { email: 'ghost@example.test', redirectTo: '/reset-password' });
    expect(res.statusCode).toBe(200);
    expect(await t.outbox('ghost@example.test')).toEqual([]);
  });

  it('refuses a session past its absolute lifetime even when its sliding expiry is ahead', async () => {
    const user = await t.signUp();
    const day = 24 * 3600 * 1000;
    const setAge = (days: number) => t.services.db.updateTable('auth_session')
      .set({ created_at: new Date(Date.now() - days * day).toISOString(), expires_at: new Date(Date.now() + 5 * day).toISOString() })
      .where('token', '=', user.token).execute();
    await setAge(29);
    expect((await t.call('getSessionState', {}, user)).status).toBe(200);
    await setAge(31);
    expect((await t.call('getSessionState', {}, user)).status).toBe(401);
    const viaAuth = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${user.token}` } });
    expect(viaAuth.json()).toBeNull();
  });

  it('refuses a session whose sliding expiry has passed', async () => {
    const user = await t.signUp();
    await t.services.db.updateTable('auth_session').set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', user.token).execute();
    expect((await t.call('getSessionState', {}, user)).status).toBe(401);
  });

  it('refuses a sign-up from another origin', async () => {
    const res = await authPost('/sign-up/email', { name: 'Eve', email: 'eve@example.test', password: PASSWORD }, { headers: { origin: 'https://evil.example', cookie: 'x=1' } });
    expect(res.statusCode).toBe(403);
  });
});
