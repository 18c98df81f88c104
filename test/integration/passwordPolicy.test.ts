import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON_TEXT, PASSWORD_TOO_GUESSABLE_TEXT } from '../../src/common/auth/accountProtectionTexts.ts';
import type { FastifyBaseLogger } from 'fastify';
import { ensureSuperAdmin } from '../../src/server/auth/bootstrapAdmin.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';

/** Issue 21: common and breached-list passwords are refused offline, with a sentence that says why. */
describeEachDialect('password policy (zxcvbn)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const authPost = (path: string, body: unknown) => t.app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: ORIGIN }, payload: JSON.stringify(body),
  });
  let n = 0;
  const signUp = (password: string) => authPost('/sign-up/email', { name: 'Pat Doe', email: `policy-${dialect}-${n++}@example.test`, password });

  it('sign-up refuses a password from the common-password lists, saying why, and creates no user', async () => {
    for (const password of ['password1', '123456', 'qwerty123', 'iloveyou']) {
      const res = await signUp(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON_TEXT });
    }
    const users = await t.services.db.selectFrom('users').select('id').where('email', 'like', `policy-${dialect}-%`).execute();
    expect(users).toEqual([]);
  });

  it('sign-up refuses an easily guessed password (a variant of a common one, a pattern, the address itself)', async () => {
    for (const password of ['Password123!', 'aaaaaaaa', 'abcdefgh']) {
      const res = await signUp(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_GUESSABLE', message: PASSWORD_TOO_GUESSABLE_TEXT });
    }
    const email = `policy-self-${dialect}@example.test`;
    const res = await authPost('/sign-up/email', { name: 'Pat Doe', email, password: email });
    expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_GUESSABLE' });
  });

  it('accepts passphrases and random passwords; the minimum length stays the floor', async () => {
    expect((await signUp('walnut-7-ocean')).statusCode).toBe(200);
    expect((await signUp('Tr0ub4dor&3')).statusCode).toBe(200);
    const short = await signUp('x9$');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
  });

  it('the e-mailed reset refuses a common new password and keeps the link usable', async () => {
    const user = await t.signUp();
    expect((await authPost('/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mail = (await t.outbox(user.email)).find((m) => m.subject === 'Reset your password')!;
    const token = decodeURIComponent(mail.text_body.match(/reset-password\?token=(\S+)/)![1]);
    const weak = await authPost('/reset-password', { token, newPassword: 'letmein' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON_TEXT });
    expect((await authPost('/reset-password', { token, newPassword: 'a brand new passphrase' })).statusCode).toBe(200);
  });

  it('a common ADMIN_PASSWORD stops the bootstrap with the setting\'s name', async () => {
    const weak = await startTestApp(dialect, { env: { ADMIN_EMAIL: 'ops@example.test', ADMIN_PASSWORD: 'password1234' } });
    try {
      const log = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
      await expect(ensureSuperAdmin({ db: weak.services.db, auth: weak.auth, config: weak.services.config, log }))
        .rejects.toThrow(/^Invalid configuration: ADMIN_PASSWORD is refused\. This password is/);
      expect(await weak.services.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await weak.stop();
    }
  });
});
