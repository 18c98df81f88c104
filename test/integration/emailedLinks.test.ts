import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ManualClock } from '../support/clock.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, verificationLinkIn } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';
const RESET_SUBJECT = 'Reset your password';
const VERIFY_SUBJECT = 'Verify your e-mail address';

/** Issue 21: e-mailed links (verification, reset) and the per-recipient cap on the mails that carry them. */
describeEachDialect('e-mailed links and per-recipient mail caps', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => { t = await startTestApp(dialect, { clock }); });
  afterAll(async () => { await t.stop(); });
  afterEach(() => { vi.useRealTimers(); });

  // A new address each time: better-auth's per-address limits stay out of these tests.
  const authPost = (path: string, body: unknown, headers: Record<string, string> = {}) => t.app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers }, payload: JSON.stringify(body),
  });
  const mailsTo = async (email: string, subject: string) => (await t.outbox(email)).filter((m) => m.subject === subject);
  const resetToken = (text: string) => decodeURIComponent(text.match(/reset-password\?token=(\S+)/)![1]);
  const requestReset = (email: string) => authPost('/request-password-reset', { email, redirectTo: '/reset-password' });

  it('at most 5 password-reset mails an hour to one address; further requests answer the same and send nothing', async () => {
    const user = await t.signUp();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await requestReset(user.email));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await mailsTo(user.email, RESET_SUBJECT)).toHaveLength(5);

    clock.advance(3600_000 + 1000);
    expect((await requestReset(user.email)).statusCode).toBe(200);
    expect(await mailsTo(user.email, RESET_SUBJECT)).toHaveLength(6);
  });

  it('at most 5 verification mails an hour to one address (the sign-up\'s own included)', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 6; i++) {
      const res = await authPost('/send-verification-email', { email: user.email }, { authorization: `Bearer ${user.token}` });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo(user.email, VERIFY_SUBJECT)).toHaveLength(5);
  });

  it('opening a verification link in a browser that is not signed in verifies the address but sets no session cookie', async () => {
    const user = await t.signUp();
    const [mail] = await mailsTo(user.email, VERIFY_SUBJECT);
    const link = new URL(verificationLinkIn(mail.text_body)!);
    // A browser with no cookie at all: the attacker's link in the victim's browser, or the reverse.
    const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search, remoteAddress: nextClientIp() });
    expect(opened.statusCode).toBe(302);
    expect(String(opened.headers['set-cookie'] ?? '')).not.toContain('session_token');
    const row = await t.services.db.selectFrom('users').select('email_verified').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(Boolean(row.email_verified)).toBe(true);
  });

  it('a reset link is single-use: the second use is refused and keeps the first new password', async () => {
    const user = await t.signUp();
    await requestReset(user.email);
    const token = resetToken((await mailsTo(user.email, RESET_SUBJECT))[0].text_body);
    expect((await authPost('/reset-password', { token, newPassword: 'first new passphrase' })).statusCode).toBe(200);
    const second = await authPost('/reset-password', { token, newPassword: 'second new passphrase' });
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('INVALID_TOKEN');
    const signIn = (password: string) => authPost('/sign-in/email', { email: user.email, password });
    expect((await signIn('second new passphrase')).statusCode).toBe(401);
    expect((await signIn('first new passphrase')).statusCode).toBe(200);
  });

  it('a reset link expires after an hour', async () => {
    const user = await t.signUp();
    await requestReset(user.email);
    const token = resetToken((await mailsTo(user.email, RESET_SUBJECT))[0].text_body);
    // better-auth checks expiry against the system time, not the app's clock: only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3600_000 + 1000);
    const late = await authPost('/reset-password', { token, newPassword: 'too late passphrase' });
    vi.useRealTimers();
    expect(late.statusCode).toBe(400);
    expect(['INVALID_TOKEN', 'TOKEN_EXPIRED']).toContain(late.json().code);
    expect((await authPost('/sign-in/email', { email: user.email, password: 'too late passphrase' })).statusCode).toBe(401);
  });
});
