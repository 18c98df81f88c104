import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSKEY_CHALLENGE_TTL_MS } from '../../src/server/auth/passkeys/index.ts';
import { ManualClock } from '../support/clock.ts';
import { createUser, makeGlobalSuperAdmin } from '../support/factories.ts';
import { assert, register, type SoftPasskey } from '../support/softAuthenticator.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';

describeEachDialect('passkeys (WebAuthn sign-in, issue 21)', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => { t = await startTestApp(dialect, { clock }); });
  afterAll(async () => { await t.stop(); });

  const authPost = (path: string, body: unknown, as?: TestUser | null, ip = nextClientIp()) => t.app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: ip,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...(as ? { authorization: `Bearer ${as.token}` } : {}) },
    payload: JSON.stringify(body),
  });
  const sessionCookie = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []].flat().find((c) => c.startsWith('better-auth.session_token='))?.split(';')[0];

  /** The whole registration ceremony for `user`, answered by a software authenticator. */
  async function addPasskey(user: TestUser, name = 'Laptop'): Promise<{ passkey: SoftPasskey; id: string }> {
    const options = await authPost('/passkey/registration/options', {}, user);
    expect(options.statusCode, options.body).toBe(200);
    const { passkey, response } = register(options.json(), { origin: ORIGIN });
    const verified = await authPost('/passkey/registration/verify', { name, response }, user);
    expect(verified.statusCode, verified.body).toBe(200);
    return { passkey, id: verified.json().passkey.id };
  }

  async function signInOptions(): Promise<{ challenge: string; rpId: string }> {
    const res = await authPost('/passkey/sign-in/options', {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('registration stores the key: the profile lists it by name, never used yet', async () => {
    const user = await t.signUp();
    const options = (await authPost('/passkey/registration/options', {}, user)).json();
    // Discoverable and user-verified: the passkey alone signs in, with no e-mail typed.
    expect(options).toMatchObject({ rp: { id: 'localhost' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    const { id } = await addPasskey(user, '  Work laptop ');
    const list = await t.call('listMyPasskeys', {}, user);
    expect(list.result.passkeys).toEqual([{ id, name: 'Work laptop', createdAt: clock.nowIso(), lastUsedAt: null }]);
    const row = await t.services.db.selectFrom('auth_passkey').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, device_type: 'singleDevice', transports: '["internal"]' });
    expect(Number(row.counter)).toBe(0);
  });

  it('signing in with the passkey gives a session cookie that works on /api/fn, and records the use', async () => {
    const user = await t.signUp();
    const { passkey, id } = await addPasskey(user);
    const options = await signInOptions();
    expect(options).not.toHaveProperty('allowCredentials.0');
    const res = await authPost('/passkey/sign-in/verify', { response: assert(passkey, options, { origin: ORIGIN }) });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toBeTruthy();
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const state = await t.app.inject({
      method: 'POST', url: '/api/fn/getSessionState', headers: { 'content-type': 'application/json', cookie: cookie! }, payload: '{"data":{}}',
    });
    expect(state.statusCode).toBe(200);
    expect(state.json().result.user).toMatchObject({ email: user.email });
    // The bearer token it answers works the same way, and the passkey shows when it was last used.
    const token = res.json().token as string;
    expect((await t.call('listMyPasskeys', {}, token)).result.passkeys).toEqual([expect.objectContaining({ id, lastUsedAt: clock.nowIso() })]);
    const row = await t.services.db.selectFrom('auth_passkey').select('counter').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(1);
  });

  it('a replayed challenge is refused: the same signed answer signs in once', async () => {
    const user = await t.signUp();
    const { passkey } = await addPasskey(user);
    const response = assert(passkey, await signInOptions(), { origin: ORIGIN });
    expect((await authPost('/passkey/sign-in/verify', { response })).statusCode).toBe(200);
    const replay = await authPost('/passkey/sign-in/verify', { response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID', message: expect.stringMatching(/expired or was already used/) });
    expect(sessionCookie(replay.headers['set-cookie'])).toBeUndefined();
  });

  it('a registration answer cannot be replayed either, nor used by another signed-in user', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const { response } = register((await authPost('/passkey/registration/options', {}, user)).json(), { origin: ORIGIN });
    expect((await authPost('/passkey/registration/verify', { name: 'Stolen', response }, other)).statusCode).toBe(400);
    // The other user's attempt used it up: the rightful owner must start again.
    expect((await authPost('/passkey/registration/verify', { name: 'Mine', response }, user)).statusCode).toBe(400);
    expect((await t.call('listMyPasskeys', {}, user)).result.passkeys).toEqual([]);
    expect((await t.call('listMyPasskeys', {}, other)).result.passkeys).toEqual([]);
  });

  it('a challenge older than five minutes is refused', async () => {
    const user = await t.signUp();
    const { passkey } = await addPasskey(user);
    const options = await signInOptions();
    clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    const res = await authPost('/passkey/sign-in/verify', { response: assert(passkey, options, { origin: ORIGIN }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('a wrong signature is refused with no session', async () => {
    const user = await t.signUp();
    const { passkey } = await addPasskey(user);
    const { passkey: impostor } = register((await authPost('/passkey/registration/options', {}, user)).json(), { origin: ORIGIN });
    // Same credential id, another private key: what a forger without the device would send.
    const forged = { ...passkey, privateKey: impostor.privateKey };
    const res = await authPost('/passkey/sign-in/verify', { response: assert(forged, await signInOptions(), { origin: ORIGIN }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'PASSKEY_SIGN_IN_FAILED', message: expect.stringMatching(/could not sign you in/) });
    expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses an answer for another site, one without user verification, and a counter that went back (a cloned key)', async () => {
    const user = await t.signUp();
    const { passkey } = await addPasskey(user);
    const otherSite = await authPost('/passkey/sign-in/verify', { response: assert(passkey, await signInOptions(), { origin: 'https://evil.example' }) });
    expect(otherSite.statusCode).toBe(401);
    const unverified = await authPost('/passkey/sign-in/verify', {
      response: assert(passkey, await signInOptions(), { origin: ORIGIN, flags: { userVerified: false } }),
    });
    expect(unverified.statusCode).toBe(401);
    expect((await authPost('/passkey/sign-in/verify', { response: assert(passkey, await signInOptions(), { origin: ORIGIN, counter: 10 }) })).statusCode).toBe(200);
    const cloned = await authPost('/passkey/sign-in/verify', { response: assert(passkey, await signInOptions(), { origin: ORIGIN, counter: 5 }) });
    expect(cloned.statusCode).toBe(401);

    const options = (await authPost('/passkey/registration/options', {}, user)).json();
    const { response } = register(options, { origin: ORIGIN, flags: { userVerified: false } });
    const reg = await authPost('/passkey/registration/verify', { name: 'No PIN', response }, user);
    expect(reg.statusCode).toBe(400);
    expect(reg.json().code).toBe('PASSKEY_REGISTRATION_FAILED');
  });

  it('a signed-out caller cannot register a passkey', async () => {
    expect((await authPost('/passkey/registration/options', {})).statusCode).toBe(401);
    const user = await t.signUp();
    const { response } = register((await authPost('/passkey/registration/options', {}, user)).json(), { origin: ORIGIN });
    expect((await authPost('/passkey/registration/verify', { name: 'Nobody', response })).statusCode).toBe(401);
    expect(await t.services.db.selectFrom('auth_passkey').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('malformed answers get a sentence, not a stack trace', async () => {
    const user = await t.signUp();
    for (const body of [{}, { response: 'x' }, { response: { id: 'a', rawId: 'a', type: 'public-key', response: {} } }, { response: {}, extra: 1 }]) {
      const res = await authPost('/passkey/sign-in/verify', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).not.toMatch(/zod|at |Error/);
    }
    const noName = await authPost('/passkey/registration/verify', { name: ' ', response: {} }, user);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Give the passkey a name, such as the device it lives on.');
  });

  it('user A cannot list, rename or remove user B\'s passkey (404, and B\'s stays as it was)', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const { id } = await addPasskey(b, 'B key');
    expect((await t.call('listMyPasskeys', {}, a)).result.passkeys).toEqual([]);
    const rename = await t.call('renamePasskey', { passkeyId: id, name: 'Mine now' }, a);
    expect(rename.status).toBe(404);
    expect(rename.error).toMatchObject({ status: 'NOT_FOUND', message: 'That passkey was not found among yours. It may have been removed already.' });
    expect((await t.call('removePasskey', { passkeyId: id }, a)).status).toBe(404);
    expect((await t.call('listMyPasskeys', {}, b)).result.passkeys).toEqual([expect.objectContaining({ id, name: 'B key' })]);
  });

  it('the owner renames and removes a passkey, and a removed passkey no longer signs in', async () => {
    const user = await t.signUp();
    const { passkey, id } = await addPasskey(user);
    const renamed = await t.call('renamePasskey', { passkeyId: id, name: ' Phone ' }, user);
    expect(renamed.result).toMatchObject({ id, name: 'Phone' });
    expect((await t.call('renamePasskey', { passkeyId: id, name: '' }, user)).status).toBe(400);
    expect((await t.call('removePasskey', { passkeyId: id }, user)).result).toEqual({ success: true });
    expect((await t.call('listMyPasskeys', {}, user)).result.passkeys).toEqual([]);
    expect((await t.call('removePasskey', { passkeyId: id }, user)).status).toBe(404);
    const res = await authPost('/passkey/sign-in/verify', { response: assert(passkey, await signInOptions(), { origin: ORIGIN }) });
    expect(res.statusCode).toBe(401);
  });

  it('the same authenticator cannot be registered twice', async () => {
    const user = await t.signUp();
    await addPasskey(user);
    const existing = await t.services.db.selectFrom('auth_passkey').select('credential_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const options = (await authPost('/passkey/registration/options', {}, user)).json();
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: existing.credential_id })]);
  });

  it('a disabled user\'s passkey sign-in is refused', async () => {
    const user = await t.signUp();
    const { passkey } = await addPasskey(user);
    const operator = await createUser(t);
    await makeGlobalSuperAdmin(t, operator);
    expect((await t.call('setUserDisabled', { userId: user.id, disabled: true, reason: 'Abuse report' }, operator)).status).toBe(200);
    const res = await authPost('/passkey/sign-in/verify', { response: assert(passkey, await signInOptions(), { origin: ORIGIN }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DISABLED');
    expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
  });

  it('passkey sign-in attempts from one address are limited to 20 a minute', async () => {
    const ip = nextClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await authPost('/passkey/sign-in/options', {}, null, ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
