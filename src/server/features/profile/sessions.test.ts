import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../../test/support/factories.ts';
import { ManualClock } from '../../../../test/support/clock.ts';
import { anotherSession } from '../../../../test/support/sessions.ts';
import { describeEachDialect, nextClientIp, startTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import { SESSION_NOT_FOUND } from '../../../common/profile/texts.ts';

const ORIGIN = 'http://localhost:3000';
const LINUX_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describeEachDialect('profile sessions (issue 21): list, revoke one, revoke all others', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => { t = await startTestApp(dialect, { clock }); });
  afterAll(async () => { await t.stop(); });

  const authPost = (path: string, body: unknown, headers: Record<string, string> = {}, ip = nextClientIp()) => t.app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: ip,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers }, payload: JSON.stringify(body),
  });

  /** Signs in over HTTP from a browser, as a person would: a real better-auth session with its device and address. */
  async function signIn(user: TestUser, userAgent: string, ip: string, password = TEST_PASSWORD): Promise<TestUser> {
    const res = await authPost('/sign-in/email', { email: user.email, password }, { 'user-agent': userAgent }, ip);
    if (res.statusCode !== 200) throw new Error(`sign-in failed ${res.statusCode}: ${res.body}`);
    return { ...user, token: res.json().token };
  }

  it('lists both sessions of a user signed in twice, in words, the current one marked, never a token', async () => {
    const user = await createUser(t);
    const laptop = await signIn(user, LINUX_CHROME, '198.51.100.7');
    const phone = await signIn(user, IPHONE_SAFARI, '203.0.113.9');

    const res = await t.call('listMySessions', {}, laptop);
    expect(res.status).toBe(200);
    const sessions = res.result.sessions.filter((s) => s.device !== 'Unknown device');
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ device: 'Chrome on Linux', ipAddress: '198.51.100.7' });
    expect(sessions.find((s) => !s.current)).toMatchObject({ device: 'Safari on iPhone', ipAddress: '203.0.113.9' });
    // The factory's own session (no user agent) is listed too, as an unknown device.
    expect(res.result.sessions).toHaveLength(3);
    expect(res.result.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(res.result.sessions[0].current).toBe(true);

    const body = JSON.stringify(res.result);
    for (const token of [laptop.token, phone.token, user.token]) expect(body).not.toContain(token);
    const tokens = await t.services.db.selectFrom('auth_session').select('token').where('user_id', '=', user.id).execute();
    for (const s of res.result.sessions) expect(tokens.map((r) => r.token)).not.toContain(s.id);

    // From the phone, the phone is the current one.
    const fromPhone = (await t.call('listMySessions', {}, phone)).result.sessions;
    expect(fromPhone.find((s) => s.current)?.device).toBe('Safari on iPhone');
  });

  it('last active moves when the session is used, at most once a minute', async () => {
    const user = await createUser(t);
    const other = await anotherSession(t, user, { userAgent: LINUX_CHROME });
    const signedInAt = clock.nowIso();
    const lastActiveOfOther = async () => (await t.call('listMySessions', {}, user)).result.sessions.find((s) => s.id === other.sessionId)!;

    clock.advance(5 * 60_000);
    await t.call('getProfile', {}, other.as);
    const first = await lastActiveOfOther();
    expect(first.signedInAt).toBe(signedInAt);
    expect(Date.parse(first.lastActiveAt)).toBe(clock.now().getTime());

    clock.advance(30_000);
    await t.call('getProfile', {}, other.as);
    expect((await lastActiveOfOther()).lastActiveAt).toBe(first.lastActiveAt);

    clock.advance(31_000);
    await t.call('getProfile', {}, other.as);
    expect(Date.parse((await lastActiveOfOther()).lastActiveAt)).toBe(clock.now().getTime());
  });

  it('revoking another session makes its next call 401; the current one goes on', async () => {
    const user = await createUser(t);
    const other = await anotherSession(t, user, { userAgent: IPHONE_SAFARI });
    expect((await t.call('getProfile', {}, other.as)).status).toBe(200);

    const res = await t.call('revokeMySession', { sessionId: other.sessionId }, user);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ success: true, message: 'The session was signed out.' });

    const after = await t.call('getProfile', {}, other.as);
    expect(after.status).toBe(401);
    expect(after.error?.status).toBe('UNAUTHENTICATED');
    expect((await t.call('getProfile', {}, user)).status).toBe(200);
    expect((await t.call('listMySessions', {}, user)).result.sessions.map((s) => s.id)).not.toContain(other.sessionId);
    // Ending it again: already gone.
    expect((await t.call('revokeMySession', { sessionId: other.sessionId }, user)).error)
      .toEqual({ status: 'NOT_FOUND', message: SESSION_NOT_FOUND });
  });

  it('revoking all others ends every session but the current one', async () => {
    const user = await createUser(t);
    const [a, b] = [await anotherSession(t, user), await anotherSession(t, user)];
    const bystander = await createUser(t);

    const res = await t.call('revokeMyOtherSessions', {}, user);
    expect(res.result).toEqual({ sessionsEnded: 2 });
    expect((await t.call('getProfile', {}, a.as)).status).toBe(401);
    expect((await t.call('getProfile', {}, b.as)).status).toBe(401);
    expect((await t.call('getProfile', {}, user)).status).toBe(200);
    expect((await t.call('getProfile', {}, bystander)).status).toBe(200);
    const left = (await t.call('listMySessions', {}, user)).result.sessions;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
    expect((await t.call('revokeMyOtherSessions', {}, user)).result).toEqual({ sessionsEnded: 0 });
  });

  it('user A cannot see or end user B\'s session: 404, as for one that does not exist', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const bSession = await anotherSession(t, b);
    const res = await t.call('revokeMySession', { sessionId: bSession.sessionId }, a);
    expect(res.status).toBe(404);
    expect(res.error).toEqual({ status: 'NOT_FOUND', message: SESSION_NOT_FOUND });
    expect((await t.call('revokeMySession', { sessionId: 'no-such-session' }, a)).error).toEqual(res.error);
    expect((await t.call('getProfile', {}, bSession.as)).status).toBe(200);
    expect((await t.call('getProfile', {}, b)).status).toBe(200);
    const listed = (await t.call('listMySessions', {}, a)).result.sessions.map((s) => s.id);
    expect(listed).not.toContain(bSession.sessionId);
  });

  it('a session token is not a session id: naming one ends nothing', async () => {
    const user = await createUser(t);
    const other = await anotherSession(t, user);
    expect((await t.call('revokeMySession', { sessionId: other.as.token }, user)).status).toBe(404);
    expect((await t.call('getProfile', {}, other.as)).status).toBe(200);
  });

  it('refuses a missing or blank session id with a sentence', async () => {
    const user = await createUser(t);
    for (const input of [{}, { sessionId: '  ' }]) {
      const res = await t.callRaw('revokeMySession', input, user);
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Session ID is required.' });
    }
  });

  it('signed out: 401 for each', async () => {
    for (const [name, input] of [['listMySessions', {}], ['revokeMySession', { sessionId: 'x' }], ['revokeMyOtherSessions', {}]] as const) {
      expect((await t.callRaw(name, input, null)).status, name).toBe(401);
    }
  });

  it('a password reset ends every session of the user (revokeSessionsOnPasswordReset)', async () => {
    const user = await createUser(t);
    const laptop = await signIn(user, LINUX_CHROME, '198.51.100.20');
    const phone = await signIn(user, IPHONE_SAFARI, '198.51.100.21');
    expect((await authPost('/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mail = (await t.outbox(user.email)).find((m) => m.subject === 'Reset your password');
    const token = decodeURIComponent(mail!.text_body.match(/reset-password\?token=(\S+)/)![1]);
    expect((await authPost('/reset-password', { token, newPassword: 'a brand new passphrase' })).statusCode).toBe(200);

    for (const session of [user, laptop, phone]) expect((await t.call('getProfile', {}, session)).status).toBe(401);
    const fresh = await signIn(user, LINUX_CHROME, '198.51.100.22', 'a brand new passphrase');
    expect((await t.call('listMySessions', {}, fresh)).result.sessions).toHaveLength(1);
  });
});
