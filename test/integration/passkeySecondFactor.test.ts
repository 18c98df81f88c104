import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENROL_SECOND_FACTOR_FIRST } from '../../src/common/profile/twoFactorTexts.ts';
import { SIGN_IN_AGAIN_TO_CHANGE } from '../../src/common/profile/passkeyTexts.ts';
import { RECENT_SIGN_IN_MS } from '../../src/server/auth/passkeys/plugin.ts';
import { ManualClock } from '../support/clock.ts';
import { createUser } from '../support/factories.ts';
import { auditEntries, signUpOperator } from '../support/operators.ts';
import { assert, register, type SoftPasskey } from '../support/softAuthenticator.ts';
import { describeEachDialect, nextClientIp, startTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../support/testApp.ts';
import { secretOfUri, totpCode } from '../support/totp.ts';

const ORIGIN = 'http://localhost:3000';

/** The name=value pairs of a response's Set-Cookie headers, as a Cookie header (expired ones dropped). */
function cookiesOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.filter((c) => !/max-age=0/i.test(c)).map((c) => c.split(';')[0]).join('; ');
}

function steps(t: () => TestApp) {
  const post = (path: string, body: unknown, as: { token?: string; cookie?: string } = {}) => t().app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: nextClientIp(),
    headers: {
      'content-type': 'application/json', origin: ORIGIN,
      ...(as.token ? { authorization: `Bearer ${as.token}` } : {}), ...(as.cookie ? { cookie: as.cookie } : {}),
    },
    payload: JSON.stringify(body),
  });

  const addPasskey = async (user: TestUser): Promise<SoftPasskey> => {
    const options = await post('/passkey/registration/options', {}, { token: user.token });
    expect(options.statusCode, options.body).toBe(200);
    const { passkey, response } = register(options.json(), { origin: ORIGIN });
    const verified = await post('/passkey/registration/verify', { name: 'Laptop', response }, { token: user.token });
    expect(verified.statusCode, verified.body).toBe(200);
    return passkey;
  };

  /** The password step: answers the response and the pending sign-in's cookie. */
  const signInWithPassword = async (email: string) => {
    const res = await post('/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return { res, pending: cookiesOf(res.headers['set-cookie']) };
  };

  /** The passkey step after the password, answered by `passkey`. */
  const passkeyStep = async (pending: string, passkey: SoftPasskey) => {
    const options = await post('/passkey/second-factor/options', {}, { cookie: pending });
    expect(options.statusCode, options.body).toBe(200);
    return post('/passkey/second-factor/verify', { response: assert(passkey, options.json(), { origin: ORIGIN }) }, { cookie: pending });
  };

  const enrolTotp = async (user: TestUser): Promise<{ secret: string; token: string }> => {
    const enabled = await post('/two-factor/enable', { password: TEST_PASSWORD }, { token: user.token });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const secret = secretOfUri(enabled.json().totpURI);
    const confirmed = await post('/two-factor/verify-totp', { code: totpCode(secret) }, { token: user.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, token: confirmed.headers['set-auth-token'] as string };
  };

  return { post, addPasskey, signInWithPassword, passkeyStep, enrolTotp };
}

describeEachDialect('passkeys as a second factor (issue 21)', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  const clock = new ManualClock();
  const { post, addPasskey, signInWithPassword, passkeyStep, enrolTotp } = steps(() => t);

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock });
    operator = await signUpOperator(t);
  });
  afterAll(async () => { await t.stop(); });

  it('a passkey user\'s right password alone gives no session: the passkey step is asked for', async () => {
    const user = await t.signUp();
    await addPasskey(user);
    const { res, pending } = await signInWithPassword(user.email);
    expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['passkey'] });
    expect(res.headers['set-auth-token']).toBeUndefined();
    expect(res.json().token).toBeUndefined();
    expect(pending).not.toMatch(/session_token=/);
    expect(pending).toMatch(/two_factor=/);
    // The only session the user has is the one sign-up made.
    expect(await t.services.db.selectFrom('auth_session').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('the passkey completes the pending sign-in, once', async () => {
    const user = await t.signUp();
    const passkey = await addPasskey(user);
    const { pending } = await signInWithPassword(user.email);
    const options = (await post('/passkey/second-factor/options', {}, { cookie: pending })).json();
    // The browser is told which passkeys may answer: this user's only.
    const stored = await t.services.db.selectFrom('auth_passkey').select('credential_id').where('user_id', '=', user.id).execute();
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual(stored.map((s) => s.credential_id));
    const res = await post('/passkey/second-factor/verify', { response: assert(passkey, options, { origin: ORIGIN }) }, { cookie: pending });
    expect(res.statusCode, res.body).toBe(200);
    expect(cookiesOf(res.headers['set-cookie'])).toMatch(/session_token=/);
    expect((await t.call('getSessionState', {}, res.json().token as string)).result.user.id).toBe(user.id);
    // The pending sign-in is spent: it makes no second session.
    const again = await post('/passkey/second-factor/options', {}, { cookie: pending });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('SIGN_IN_PENDING_ENDED');
  });

  it('another user\'s passkey does not complete the pending sign-in', async () => {
    const victim = await t.signUp();
    await addPasskey(victim);
    const attacker = await t.signUp();
    const attackersKey = await addPasskey(attacker);
    const { pending } = await signInWithPassword(victim.email);
    const res = await passkeyStep(pending, attackersKey);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('PASSKEY_SIGN_IN_FAILED');
    expect(cookiesOf(res.headers['set-cookie'])).not.toMatch(/session_token=/);
    // Nor does a challenge the attacker got from a sign-in of their own.
    const own = (await post('/passkey/sign-in/options', {})).json();
    const crossed = await post('/passkey/second-factor/verify', { response: assert(attackersKey, own, { origin: ORIGIN }) }, { cookie: pending });
    expect(crossed.statusCode).toBe(400);
    expect(await t.services.db.selectFrom('auth_session').select('id').where('user_id', '=', victim.id).execute()).toHaveLength(1);
  });

  it('without a pending sign-in the passkey step is refused', async () => {
    const res = await post('/passkey/second-factor/options', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/sign-in has expired/);
  });

  it('a TOTP user may finish the code step with a passkey instead; a TOTP user without a passkey is told so', async () => {
    const user = await t.signUp();
    // Enabling TOTP replaced the session.
    const { token } = await enrolTotp(user);
    const passkey = await addPasskey({ ...user, token });
    const { res, pending } = await signInWithPassword(user.email);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const done = await passkeyStep(pending, passkey);
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.call('getSessionState', {}, done.json().token as string)).result.user.id).toBe(user.id);

    const plain = await t.signUp();
    await enrolTotp(plain);
    const { pending: plainPending } = await signInWithPassword(plain.email);
    const none = await post('/passkey/second-factor/options', {}, { cookie: plainPending });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'NO_PASSKEY', message: expect.stringMatching(/no passkey on this account/) });
  });

  it('the back office counts a passkey as a second factor', async () => {
    const user = await createUser(t);
    expect((await t.call('getUserDetails', { userId: user.id }, operator)).result.user.auth.secondFactor).toBe(false);
    await addPasskey(user);
    expect((await t.call('getUserDetails', { userId: user.id }, operator)).result.user.auth.secondFactor).toBe(true);
  });

  it('operator reset removes the passkeys too: audited, mailed, and the password alone signs in again', async () => {
    const user = await t.signUp();
    await addPasskey(user);
    const res = await t.call('resetUserSecondFactor', { userId: user.id, reason: 'Lost the laptop; identity checked by call-back' }, operator);
    expect(res.result).toEqual({ userId: user.id, removed: true });
    expect(await t.services.db.selectFrom('auth_passkey').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await auditEntries(t, 'user.second_factor_reset', user.id)).toEqual([
      expect.objectContaining({ before: { totp: false, passkeys: 1 }, after: { totp: false, passkeys: 0 } }),
    ]);
    const mail = (await t.outbox(user.email)).find((m) => m.subject === 'Two-factor authentication was turned off');
    expect(mail?.text_body).toMatch(/all your passkeys were removed/);
    const { res: signIn } = await signInWithPassword(user.email);
    expect(signIn.json().token).toBeTruthy();
  });

  it('registering a passkey on a session older than ten minutes is refused with a sentence', async () => {
    const user = await t.signUp();
    // better-auth stamps sessions with the real time; the portal's clock is what ages them.
    clock.set(Date.now() + RECENT_SIGN_IN_MS + 60_000);
    try {
      const res = await post('/passkey/registration/options', {}, { token: user.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SIGN_IN_AGAIN', message: SIGN_IN_AGAIN_TO_CHANGE });
      expect(await t.services.db.selectFrom('auth_passkey_challenge').select('challenge').where('user_id', '=', user.id).execute()).toEqual([]);
    } finally {
      clock.set(Date.now());
    }
    // A fresh sign-in may.
    const { res: again } = await signInWithPassword(user.email);
    expect((await post('/passkey/registration/options', {}, { token: again.json().token as string })).statusCode).toBe(200);
  });
});

describeEachDialect('REQUIRE_ADMIN_2FA is met by a passkey (issue 21)', (dialect) => {
  let t: TestApp;
  const { addPasskey } = steps(() => t);
  beforeAll(async () => { t = await startTestApp(dialect, { env: { REQUIRE_ADMIN_2FA: 'true' } }); });
  afterAll(async () => { await t.stop(); });

  it('a super admin with a passkey and no TOTP passes the gate', async () => {
    const admin = await signUpOperator(t);
    const blocked = await t.call('getAllUsers', { limit: 5, sortBy: 'email', sortOrder: 'asc' }, admin);
    expect([blocked.status, blocked.error?.message]).toEqual([403, ENROL_SECOND_FACTOR_FIRST]);
    await addPasskey(admin);
    expect((await t.call('getAllUsers', { limit: 5, sortBy: 'email', sortOrder: 'asc' }, admin)).status).toBe(200);
    expect((await t.call('getSessionState', {}, admin)).result.mustEnrolSecondFactor).toBe(false);
  });
});
