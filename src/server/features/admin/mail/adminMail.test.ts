import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVALID_MAIL_CURSOR, MESSAGE_NOT_FOUND } from '../../../../common/admin/mail/texts.ts';
import { NUL_IN_TEXT } from '../../../http/jsonBody.ts';
import { type AccountWithMembers, accountWithMembers, createUser } from '../../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, type FunctionCall, nextClientIp, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

describeEachDialect('back office: mail outbox', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let customers: AccountWithMembers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    customers = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  /** Messages with the tag in their address; pairs share a timestamp so the id decides between them. */
  async function storeMessages(tag: string, count: number, status: 'stored' | 'sent' | 'failed' = 'stored') {
    const base = Date.parse('2026-03-01T10:00:00.000Z');
    for (let i = 0; i < count; i += 1) {
      await t.services.db.insertInto('mail_outbox').values({
        id: `${tag}-${dialect}-${i}`, to_address: `${tag}-${i}@example.test`, subject: `Message ${i}`, text_body: `Body ${i}`,
        html_body: null, status, error: status === 'failed' ? 'Connection refused' : null,
        sent_at: status === 'sent' ? new Date(base).toISOString() : null,
        created_at: new Date(base + Math.floor(i / 2) * 60_000).toISOString(),
      }).execute();
    }
  }

  it('pages the outbox newest first by keyset, without repeats or gaps', async () => {
    const tag = `mp${Date.now().toString(36)}`;
    await storeMessages(tag, 7);
    const seen: { id: string; createdAt: string }[] = [];
    let startAfter: string | null = null;
    do {
      const res: { status: number; result?: any } = await t.call('listMailOutbox', { limit: 3, to: tag, startAfter }, operator);
      expect(res.status).toBe(200);
      expect(res.result.messages.length).toBeLessThanOrEqual(3);
      seen.push(...res.result.messages);
      startAfter = res.result.nextCursor;
    } while (startAfter);
    expect(seen.map((m) => m.id)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `${tag}-${dialect}-${i}`));
    expect(seen[0]).toMatchObject({ to: `${tag}-6@example.test`, subject: 'Message 6', status: 'stored', error: null, sentAt: null });
    expect(seen[0].createdAt).toBe('2026-03-01T10:03:00.000Z');
  });

  it('filters by recipient prefix whatever the case, and by status', async () => {
    const tag = `mf${Date.now().toString(36)}`;
    await storeMessages(`${tag}a`, 2, 'sent');
    await storeMessages(`${tag}b`, 3, 'failed');
    const byPrefix = (await t.call('listMailOutbox', { to: `  ${tag.toUpperCase()}B` }, operator)).result.messages;
    expect(byPrefix.map((m: { to: string }) => m.to).sort()).toEqual([0, 1, 2].map((i) => `${tag}b-${i}@example.test`));
    expect(byPrefix[0]).toMatchObject({ status: 'failed', error: 'Connection refused' });
    const sent = (await t.call('listMailOutbox', { to: tag, status: 'sent' }, operator)).result.messages;
    expect(sent.map((m: { to: string }) => m.to).sort()).toEqual([`${tag}a-0@example.test`, `${tag}a-1@example.test`]);
    expect(sent[0].sentAt).toBe('2026-03-01T10:00:00.000Z');
    // A prefix, not a substring.
    expect((await t.call('listMailOutbox', { to: `b-0@example` }, operator)).result.messages).toEqual([]);
    expect((await t.call('listMailOutbox', { to: tag, status: 'queued' }, operator)).result.messages).toEqual([]);
  });

  it('holds the password-reset e-mail an operator sends, its link readable in the message', async () => {
    const res = await t.call('sendUserPasswordReset', { userId: customers.member.id }, operator);
    expect(res.status).toBe(200);
    const listed = (await t.call('listMailOutbox', { to: customers.member.email }, operator)).result.messages;
    const reset = listed.find((m: { subject: string }) => m.subject === 'Reset your password')!;
    expect(reset).toMatchObject({ to: customers.member.email, status: 'stored' });
    const { message } = (await t.call('getMailMessage', { messageId: reset.id }, operator)).result;
    expect(message).toMatchObject({ id: reset.id, to: customers.member.email, subject: 'Reset your password' });
    expect(message.text).toMatch(/https?:\/\/\S+\/reset-password\?token=[\w-]+/);
    expect(message.html).toContain('reset-password?token=');
  });

  it('holds the reset e-mail of the public "forgot password" too', async () => {
    const user = await createUser(t);
    const asked = await t.app.inject({
      method: 'POST', url: '/api/auth/request-password-reset', remoteAddress: nextClientIp(),
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const listed = (await t.call('listMailOutbox', { to: user.email }, operator)).result.messages;
    const reset = listed.find((m: { subject: string }) => m.subject === 'Reset your password')!;
    const { message } = (await t.call('getMailMessage', { messageId: reset.id }, operator)).result;
    expect(message.text).toContain('reset-password?token=');
  });

  it('says when a message does not exist, and refuses bad input with a sentence', async () => {
    const missing = await t.call('getMailMessage', { messageId: 'no-such-message' }, operator);
    expect([missing.status, missing.error!.message]).toEqual([404, MESSAGE_NOT_FOUND]);
    const cases: [string, unknown, string][] = [
      ['getMailMessage', { messageId: ' ' }, 'Message ID is required.'],
      ['getMailMessage', { messageId: 'a\u0000b' }, NUL_IN_TEXT],
      ['getMailMessage', { messageId: 'x'.repeat(129) }, 'Message ID is not valid.'],
      ['getMailMessage', 'message', 'The input must be an object of named fields.'],
      ['listMailOutbox', { to: 'a\u0000b' }, NUL_IN_TEXT],
      ['listMailOutbox', { to: 'a'.repeat(255) }, 'Recipient filter must be at most 254 characters.'],
      ['listMailOutbox', { to: 42 }, 'Recipient filter must be a text.'],
      ['listMailOutbox', { status: 'bounced' }, 'Status must be stored, queued, sent or failed.'],
      ['listMailOutbox', { limit: 101 }, 'Limit must be at most 100.'],
      ['listMailOutbox', { limit: 0 }, 'Limit must be at least 1.'],
      ['listMailOutbox', { startAfter: 'not-a-cursor' }, INVALID_MAIL_CURSOR],
      ['listMailOutbox', { startAfter: Buffer.from(JSON.stringify({ l: 'mail', v: '2026-02-30T10:00:00Z', i: 'x' })).toString('base64url') }, INVALID_MAIL_CURSOR],
      ['listMailOutbox', { startAfter: Buffer.from(JSON.stringify({ l: 'mail', v: '2026-02-03T10:00:00Z', i: 'a\u0000' })).toString('base64url') }, INVALID_MAIL_CURSOR],
      // Another list's cursor is not read as this one's.
      ['listMailOutbox', { startAfter: Buffer.from(JSON.stringify({ l: 'audit', v: '2026-02-03T10:00:00Z', i: 'x' })).toString('base64url') }, INVALID_MAIL_CURSOR],
      ['listMailOutbox', { extra: 1 }, 'Unrecognized key: "extra"'],
    ];
    for (const [fn, input, message] of cases) {
      const res = await t.callRaw(fn, input, operator);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error!.message, JSON.stringify(input)).toContain(message);
    }
  });

  it('is refused to a customer, even an account owner', async () => {
    for (const [fn, input] of [['listMailOutbox', {}], ['getMailMessage', { messageId: 'x' }]] satisfies FunctionCall[]) {
      const res = await t.call(fn, input, customers.owner);
      expect(res.status, fn).toBe(403);
    }
  });
});
