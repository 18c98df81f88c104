import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIGN_IN_DELAYED, SIGN_IN_LOCKED } from '../../src/common/auth/accountProtectionTexts.ts';
import { ManualClock } from '../support/clock.ts';
import { describeEachDialect, nextClientIp, startTestApp, TEST_PASSWORD, type TestApp } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';
const LOCK_SUBJECT = 'Someone tried to sign in to your account';

/**
 * Issue 21: failed password sign-ins slow down and then lock per account, whatever addresses
 * they come from; the counter lives in the database, so every process sees it.
 */
describeEachDialect('per-account sign-in throttling', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => { t = await startTestApp(dialect, { clock }); });
  afterAll(async () => { await t.stop(); });

  // Every attempt from a new address: better-auth's per-address limit never applies.
  const signIn = (email: string, password: string) => t.app.inject({
    method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: ORIGIN }, payload: JSON.stringify({ email, password }),
  });

  /** Twelve wrong passwords from twelve addresses, waiting out each delay: what each attempt answered. */
  async function twelveWrongPasswords(email: string) {
    const answers: { status: number; code?: string; retryAfter?: string }[] = [];
    for (let i = 0; i < 12; i++) {
      let res = await signIn(email, `wrong password ${i}`);
      if (res.statusCode === 429 && res.json().code === SIGN_IN_DELAYED) {
        answers.push({ status: 429, code: SIGN_IN_DELAYED, retryAfter: String(res.headers['retry-after']) });
        clock.advance(Number(res.headers['retry-after']) * 1000);
        res = await signIn(email, `wrong password ${i}`);
      }
      answers.push({ status: res.statusCode, code: res.statusCode === 429 ? res.json().code : undefined });
    }
    return answers;
  }

  it('12 wrong passwords from 12 addresses: delayed 2, 4, 8, 16, 32 s after the fifth, then locked with one mail', async () => {
    const user = await t.signUp();
    const answers = await twelveWrongPasswords(user.email);
    const delays = answers.filter((a) => a.code === SIGN_IN_DELAYED).map((a) => a.retryAfter);
    expect(delays).toEqual(['2', '4', '8', '16', '32']);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    expect(answers.slice(-2)).toEqual([{ status: 429, code: SIGN_IN_LOCKED }, { status: 429, code: SIGN_IN_LOCKED }]);

    const locked = await signIn(user.email, 'yet another wrong one');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(locked.json().message).toMatch(/paused for 15 minutes/);
    const mails = (await t.outbox(user.email)).filter((m) => m.subject === LOCK_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain('http://localhost:3000/login');
  });

  it('the right password is refused during the lock and works after it; success resets the counter', async () => {
    const user = await t.signUp();
    await twelveWrongPasswords(user.email);
    const during = await signIn(user.email, TEST_PASSWORD);
    expect(during.statusCode).toBe(429);
    expect(during.json().code).toBe(SIGN_IN_LOCKED);
    expect(during.headers['set-cookie']).toBeUndefined();

    clock.advance(15 * 60_000 + 1000);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Reset: five fresh failures pass before any delay again.
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `wrong again ${i}`)).statusCode).toBe(401);
    expect((await signIn(user.email, 'wrong again 5')).json().code).toBe(SIGN_IN_DELAYED);
  });

  it('an unknown address is throttled the same way, so the answers reveal no account (and no mail is sent)', async () => {
    const ghost = `ghost-${dialect}-${Date.now()}@example.test`;
    const known = await t.signUp();
    const ghostAnswers = await twelveWrongPasswords(ghost);
    const knownAnswers = await twelveWrongPasswords(known.email);
    expect(ghostAnswers).toEqual(knownAnswers);
    expect(await t.outbox(ghost)).toEqual([]);
  });

  it('one account\'s lock does not hold back another account', async () => {
    const target = await t.signUp();
    const bystander = await t.signUp();
    await twelveWrongPasswords(target.email);
    expect((await signIn(bystander.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a burst of 20 parallel guesses from 20 addresses gets at most 5 passwords checked', async () => {
    const user = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(user.email, `parallel guess ${i}`)));
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
  });
});
