import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AccountWithMembers, accountWithMembers } from '../../../../../test/support/factories.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

type Listed = { id: string; subject: string; link: { kind: string; used: boolean } | null };

/** Issue 21: the outbox shows a one-time link as used once it is, and every read of it by an operator is audited. */
describeEachDialect('back office: mail outbox links and read audit', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let customers: AccountWithMembers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    customers = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  const authPost = (path: string, body: unknown) => t.app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: JSON.stringify(body),
  });
  const listedFor = async (email: string, subject: string): Promise<Listed> =>
    (await t.call('listMailOutbox', { to: email }, operator)).result.messages.find((m: Listed) => m.subject === subject)!;

  it('a reset link shows as used once it set a password, in the list and in the message', async () => {
    const user = await t.signUp();
    await authPost('/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const before = await listedFor(user.email, 'Reset your password');
    expect(before.link).toEqual({ kind: 'password_reset', used: false });

    const { message } = (await t.call('getMailMessage', { messageId: before.id }, operator)).result;
    const token = decodeURIComponent(message.text.match(/reset-password\?token=(\S+)/)![1]);
    expect((await authPost('/reset-password', { token, newPassword: 'a brand new passphrase' })).statusCode).toBe(200);

    expect((await listedFor(user.email, 'Reset your password')).link).toEqual({ kind: 'password_reset', used: true });
    expect((await t.call('getMailMessage', { messageId: before.id }, operator)).result.message.link).toEqual({ kind: 'password_reset', used: true });
  });

  it('a verification link shows as used once the address is verified', async () => {
    const user = await t.signUp();
    expect((await listedFor(user.email, 'Verify your e-mail address')).link).toEqual({ kind: 'email_verification', used: false });
    await t.verify(user);
    expect((await listedFor(user.email, 'Verify your e-mail address')).link).toEqual({ kind: 'email_verification', used: true });
  });

  it('an invitation link shows as used once the invitation is accepted; other mail carries no link', async () => {
    const invitee = await t.signUpVerified();
    const sent = await t.call('sendInvitation', { accountId: customers.accountId, inviteeEmail: invitee.email, role: 'member' }, customers.owner);
    expect(sent.status).toBe(200);
    const invitation = (await t.call('listMailOutbox', { to: invitee.email }, operator)).result.messages
      .find((m: Listed) => m.link?.kind === 'invitation')!;
    expect(invitation.link).toEqual({ kind: 'invitation', used: false });
    expect((await t.call('acceptInvitation', { invitationId: sent.result.invitationId }, invitee)).status).toBe(200);
    const after = (await t.call('getMailMessage', { messageId: invitation.id }, operator)).result.message;
    expect(after.link).toEqual({ kind: 'invitation', used: true });
  });

  it('every outbox read by an operator writes an audit entry: the list (with what it showed) and each message', async () => {
    const user = await t.signUp();
    const listsBefore = (await auditEntries(t, 'mail.outbox_listed')).length;
    const listed = (await t.call('listMailOutbox', { to: user.email }, operator)).result.messages;
    const lists = await auditEntries(t, 'mail.outbox_listed');
    expect(lists).toHaveLength(listsBefore + 1);
    expect(lists.at(-1)).toMatchObject({
      actorUserId: operator.id, actorEmail: operator.email, targetType: 'mail_outbox', targetId: null,
      after: { to: user.email, status: null, messageIds: listed.map((m: Listed) => m.id) },
    });

    await t.call('getMailMessage', { messageId: listed[0].id }, operator);
    expect(await auditEntries(t, 'mail.message_read', listed[0].id)).toEqual([expect.objectContaining({
      actorUserId: operator.id, targetType: 'mail_message', targetId: listed[0].id, after: { to: user.email, subject: listed[0].subject },
    })]);

    // A refused read (a customer) and a missing message record nothing.
    const total = async () => (await auditEntries(t, 'mail.message_read')).length;
    const count = await total();
    expect((await t.call('getMailMessage', { messageId: listed[0].id }, customers.owner)).status).toBe(403);
    expect((await t.call('getMailMessage', { messageId: 'no-such-message' }, operator)).status).toBe(404);
    expect(await total()).toBe(count);
  });
});
