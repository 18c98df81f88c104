import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANNOT_RESET_OWN_SECOND_FACTOR } from '../../src/common/admin/users/texts.ts';
import { ENROL_SECOND_FACTOR_FIRST } from '../../src/common/profile/twoFactorTexts.ts';
import { createUser } from '../support/factories.ts';
import { auditEntries, signUpOperator } from '../support/operators.ts';
import { describeEachDialect, nextClientIp, startTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../support/testApp.ts';
import { secretOfUri, totpCode } from '../support/totp.ts';

const ORIGIN = 'http://localhost:3000';

/** better-auth's endpoints over HTTP, as the web app calls them: with a bearer token or the cookies a browser keeps. */
function authClient(t: () => TestApp) {
  const post = (path: string, body: unknown, as: { token?: string; cookie?: string; ip?: string } = {}) => t().app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: as.ip ?? nextClientIp(),
    headers: {
      'content-type': 'application/json', origin: ORIGIN,
      ...(as.token ? { authorization: `Bearer ${as.token}` } : {}), ...(as.cookie ? { cookie: as.cookie } : {}),
    },
    payload: JSON.stringify(body),
  });
  return { post };
}

/** The name=value pairs of a response's Set-Cookie headers, as a Cookie header (expired ones dropped). */
function cookiesOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.filter((c) => !/max-age=0/i.test(c)).map((c) => c.split(';')[0]).join('; ');
}

interface Enrolled { secret: string; backupCodes: string[]; token: string }

function twoFactorSteps(t: () => TestApp) {
  const { post } = authClient(t);
  /** Enrols TOTP: the password, then a first code computed from the secret; answers the session that replaced the old one. */
  const enrol = async (user: TestUser): Promise<Enrolled> => {
    const enabled = await post('/two-factor/enable', { password: TEST_PASSWORD }, { token: user.token });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json();
    const secret = secretOfUri(totpURI);
    const confirmed = await post('/two-factor/verify-totp', { code: totpCode(secret) }, { token: user.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const token = confirmed.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    return { secret, backupCodes, token };
  };
  /** The password step: no session, only the challenge cookie. */
  const signInWithPassword = async (email: string, password = TEST_PASSWORD) => {
    const res = await post('/sign-in/email', { email, password });
    return { res, challenge: cookiesOf(res.headers['set-cookie']) };
  };
  return { post, enrol, signInWithPassword };
}

describeEachDialect('two-factor sign-in (issue 21)', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  const { post, enrol, signInWithPassword } = twoFactorSteps(() => t);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
  });
  afterAll(async () => { await t.stop(); });

  it('enrolment: a wrong first code is refused and leaves 2FA off; the right one turns it on; secrets are stored encrypted', async () => {
    const user = await createUser(t);
    const enabled = await post('/two-factor/enable', { password: TEST_PASSWORD }, { token: user.token });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json();
    expect(backupCodes).toHaveLength(10);
    const secret = secretOfUri(totpURI);
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post('/two-factor/verify-totp', { code: wrong }, { token: user.token });
    expect(refused.statusCode).toBe(401);
    expect((await t.call('getProfile', {}, user)).result.totpEnabled).toBe(false);
    // Password alone still signs in while the enrolment is unconfirmed.
    expect((await signInWithPassword(user.email)).res.json().token).toBeTruthy();

    const ok = await post('/two-factor/verify-totp', { code: totpCode(secret) }, { token: user.token });
    expect(ok.statusCode).toBe(200);
    const token = ok.headers['set-auth-token'] as string;
    expect((await t.call('getProfile', {}, token)).result.totpEnabled).toBe(true);

    const row = await t.services.db.selectFrom('auth_two_factor').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    for (const code of backupCodes) expect(row.backup_codes).not.toContain(code);
  });

  it('enabling needs the right password', async () => {
    const user = await createUser(t);
    const res = await post('/two-factor/enable', { password: 'not my password at all' }, { token: user.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PASSWORD');
  });

  it('sign-in with 2FA: the password alone gives no session; the current TOTP code does', async () => {
    const user = await createUser(t);
    const { secret } = await enrol(user);
    const { res, challenge } = await signInWithPassword(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(res.json().token).toBeUndefined();
    expect(challenge).not.toMatch(/session_token=/);

    const wrong = await post('/two-factor/verify-totp', { code: '000000' === totpCode(secret) ? '111111' : '000000' }, { cookie: challenge });
    expect(wrong.statusCode).toBe(401);
    const ok = await post('/two-factor/verify-totp', { code: totpCode(secret) }, { cookie: challenge });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().token as string;
    expect((await t.call('getSessionState', {}, token)).result.user.id).toBe(user.id);
    // The challenge is spent: it cannot make a second session.
    expect((await post('/two-factor/verify-totp', { code: totpCode(secret) }, { cookie: challenge })).statusCode).toBe(401);
  });

  it('"trust this device" is not offered: the field is refused', async () => {
    const user = await createUser(t);
    const { secret } = await enrol(user);
    const { challenge } = await signInWithPassword(user.email);
    const res = await post('/two-factor/verify-totp', { code: totpCode(secret), trustDevice: true }, { cookie: challenge });
    expect(res.statusCode).toBe(400);
  });

  it('a recovery code signs in once; the same code again is refused', async () => {
    const user = await createUser(t);
    const { backupCodes } = await enrol(user);
    const first = await signInWithPassword(user.email);
    const used = await post('/two-factor/verify-backup-code', { code: backupCodes[0] }, { cookie: first.challenge });
    expect(used.statusCode).toBe(200);
    expect((await t.call('getSessionState', {}, used.json().token as string)).status).toBe(200);

    const second = await signInWithPassword(user.email);
    const again = await post('/two-factor/verify-backup-code', { code: backupCodes[0] }, { cookie: second.challenge });
    expect(again.statusCode).toBe(401);
    expect(again.json().token).toBeUndefined();
    const other = await post('/two-factor/verify-backup-code', { code: backupCodes[1] }, { cookie: second.challenge });
    expect(other.statusCode).toBe(200);
  });

  it('disabling needs the password; afterwards the password alone signs in', async () => {
    const user = await createUser(t);
    const { token } = await enrol(user);
    const refused = await post('/two-factor/disable', { password: 'wrong password here' }, { token });
    expect(refused.statusCode).toBe(400);
    expect((await signInWithPassword(user.email)).res.json().twoFactorRedirect).toBe(true);
    const ok = await post('/two-factor/disable', { password: TEST_PASSWORD }, { token });
    expect(ok.statusCode).toBe(200);
    expect((await signInWithPassword(user.email)).res.json().token).toBeTruthy();
  });

  it('regenerating recovery codes needs the password and invalidates the old codes', async () => {
    const user = await createUser(t);
    const { token, backupCodes: old } = await enrol(user);
    expect((await post('/two-factor/generate-backup-codes', { password: 'wrong password here' }, { token })).statusCode).toBe(400);
    const res = await post('/two-factor/generate-backup-codes', { password: TEST_PASSWORD }, { token });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().backupCodes as string[];
    expect(fresh).toHaveLength(10);
    const { challenge } = await signInWithPassword(user.email);
    expect((await post('/two-factor/verify-backup-code', { code: old[0] }, { cookie: challenge })).statusCode).toBe(401);
    expect((await post('/two-factor/verify-backup-code', { code: fresh[0] }, { cookie: challenge })).statusCode).toBe(200);
  });

  it('code entry is rate-limited per address', async () => {
    const user = await createUser(t);
    await enrol(user);
    const ip = nextClientIp();
    const { challenge } = await signInWithPassword(user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await post('/two-factor/verify-totp', { code: '123456' }, { cookie: challenge, ip })).statusCode);
    }
    expect(statuses).toContain(429);
  });

  it('a password reset does not bypass 2FA: sign-in with the new password still asks for the code', async () => {
    const user = await createUser(t);
    const { secret } = await enrol(user);
    expect((await post('/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mail = (await t.outbox(user.email)).find((m) => m.subject === 'Reset your password');
    const token = mail!.text_body.match(/token=([A-Za-z0-9_-]+)/)![1];
    expect((await post('/reset-password', { token, newPassword: 'a brand new passphrase' })).statusCode).toBe(200);
    const { res, challenge } = await signInWithPassword(user.email, 'a brand new passphrase');
    expect(res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(res.json().token).toBeUndefined();
    expect((await post('/two-factor/verify-totp', { code: totpCode(secret) }, { cookie: challenge })).statusCode).toBe(200);
  });

  it('operator reset: removes TOTP and codes, is audited, mails the user; the password alone signs in afterwards', async () => {
    const user = await createUser(t);
    await enrol(user);
    expect((await t.call('getUserDetails', { userId: user.id }, operator)).result.user.auth.secondFactor).toBe(true);
    const res = await t.call('resetUserSecondFactor', { userId: user.id, reason: 'Lost phone; identity checked by call-back' }, operator);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ userId: user.id, removed: true });
    expect(await auditEntries(t, 'user.second_factor_reset', user.id)).toEqual([
      expect.objectContaining({ actorUserId: operator.id, before: { totp: true, passkeys: 0 }, after: { totp: false, passkeys: 0 } }),
    ]);
    expect((await t.outbox(user.email)).map((m) => m.subject)).toContain('Two-factor authentication was turned off');
    expect(await t.services.db.selectFrom('auth_two_factor').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await signInWithPassword(user.email)).res.json().token).toBeTruthy();
    expect((await t.call('getUserDetails', { userId: user.id }, operator)).result.user.auth.secondFactor).toBe(false);
  });

  it('resetUserSecondFactor: a member gets 403; an operator cannot reset their own', async () => {
    const member = await createUser(t);
    const victim = await createUser(t);
    await enrol(victim);
    const denied = await t.call('resetUserSecondFactor', { userId: victim.id, reason: 'please' }, member);
    expect(denied.status).toBe(403);
    const self = await t.call('resetUserSecondFactor', { userId: operator.id, reason: 'mine' }, operator);
    expect([self.status, self.error?.message]).toEqual([400, CANNOT_RESET_OWN_SECOND_FACTOR]);
    expect((await signInWithPassword(victim.email)).res.json().twoFactorRedirect).toBe(true);
  });
});

describeEachDialect('REQUIRE_ADMIN_2FA (issue 21)', (dialect) => {
  let t: TestApp;
  const { post, enrol } = twoFactorSteps(() => t);

  beforeAll(async () => { t = await startTestApp(dialect, { env: { REQUIRE_ADMIN_2FA: 'true' } }); });
  afterAll(async () => { await t.stop(); });

  it('an un-enrolled super admin gets 403 on admin functions until they enrol; profile and session stay open', async () => {
    const admin = await signUpOperator(t);
    const blocked = await t.call('getAllUsers', { limit: 5, sortBy: 'email', sortOrder: 'asc' }, admin);
    expect([blocked.status, blocked.error?.message]).toEqual([403, ENROL_SECOND_FACTOR_FIRST]);
    expect((await t.call('listMyAccounts', {}, admin)).status).toBe(403);
    expect((await t.call('getProfile', {}, admin)).status).toBe(200);
    const state = await t.call('getSessionState', {}, admin);
    expect([state.status, state.result.mustEnrolSecondFactor]).toEqual([200, true]);

    // Started but never confirmed with a first code is no second factor yet.
    expect((await post('/two-factor/enable', { password: TEST_PASSWORD }, { token: admin.token })).statusCode).toBe(200);
    expect((await t.call('getAllUsers', { limit: 5, sortBy: 'email', sortOrder: 'asc' }, admin)).status).toBe(403);

    const { token } = await enrol(admin);
    expect((await t.call('getAllUsers', { limit: 5, sortBy: 'email', sortOrder: 'asc' }, token)).status).toBe(200);
    expect((await t.call('getSessionState', {}, token)).result.mustEnrolSecondFactor).toBe(false);
  });

  it('ordinary users are not held back', async () => {
    const user = await createUser(t);
    expect((await t.call('listMyAccounts', {}, user)).status).toBe(200);
    expect((await t.call('getSessionState', {}, user)).result.mustEnrolSecondFactor).toBe(false);
  });
});
