import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, verificationLinkIn } from '../support/testApp.ts';

/**
 * Issue 20: logs keep secrets and one-time links out. The app's request log is read at the
 * level production runs it (info) while a person signs in with a password, follows a reset link
 * and a verification link, opens an invitation, and Prometheus scrapes with its token; none of
 * those secrets may be in any line, while the lines still say which page was asked.
 */
const ORIGIN = 'http://localhost:3000';
const METRICS_TOKEN = 'metrics-token-that-must-not-be-logged-0123';
const PASSWORD = 'a passphrase nobody may read in a log';
const NEW_PASSWORD = 'the next passphrase, also secret';

describeEachDialect('log lines', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    // Without SMTP, as the README's trial set-up runs: each mail is announced in the log, its links left out.
    t = await startTestApp(dialect, { env: { METRICS_TOKEN }, errorLog: lines });
    // The test app logs errors only; requests are logged at info, as LOG_LEVEL's default has them.
    t.app.log.level = 'info';
  });
  afterAll(async () => { await t.stop(); });

  const authPost = (path: string, body: unknown) => t.app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: ORIGIN }, payload: JSON.stringify(body),
  });
  const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, remoteAddress: nextClientIp(), headers });

  it('hold no password, session token, one-time link token, invitation id or metrics token', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const verifyLink = new URL(verificationLinkIn((await t.outbox(user.email))[0].text_body)!);
    const verifyToken = verifyLink.searchParams.get('token')!;
    expect((await visit(verifyLink.pathname + verifyLink.search)).statusCode).toBe(302);

    const signIn = await authPost('/sign-in/email', { email: user.email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const sessionToken: string = signIn.json().token;
    expect((await t.app.inject({
      method: 'POST', url: '/api/fn/getProfile', headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` }, payload: '{"data":{}}',
    })).statusCode).toBe(200);

    expect((await authPost('/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const resetMail = (await t.outbox(user.email)).find((m) => m.subject === 'Reset your password')!;
    const resetLink = new URL(resetMail.text_body.match(/http:\/\/localhost:3000\/reset-password\?token=\S+/)![0]);
    const resetToken = resetLink.searchParams.get('token')!;
    // The page the mail links to, then the form's post.
    await visit(resetLink.pathname + resetLink.search);
    expect((await authPost('/reset-password', { token: resetToken, newPassword: NEW_PASSWORD })).statusCode).toBe(200);

    const invitationId = 'inv_d41d8cd98f00b204e980';
    await visit(`/accept-invitation/${invitationId}`);
    expect((await visit('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).statusCode).toBe(200);
    expect((await visit('/metrics', { authorization: 'Bearer a-wrong-metrics-token-guess' })).statusCode).toBe(401);

    const log = lines.join('\n');
    for (const secret of [PASSWORD, NEW_PASSWORD, sessionToken, verifyToken, resetToken, invitationId, METRICS_TOKEN, 'a-wrong-metrics-token-guess']) {
      expect(log, `a log line holds ${secret}`).not.toContain(secret);
    }
    // The lines are there, and still say what was asked.
    const urls = lines.map((line) => JSON.parse(line)).filter((line) => line.req).map((line) => line.req.url as string);
    expect(urls).toContain('/reset-password?token=[Redacted]');
    expect(urls).toContain('/accept-invitation/[Redacted]');
    expect(urls.some((url) => url.startsWith('/api/auth/verify-email?token=[Redacted]'))).toBe(true);
    expect(urls).toContain('/api/auth/sign-in/email');
    expect(urls).toContain('/metrics');
  });
});
