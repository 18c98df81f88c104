import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveTopics, livePath, type LiveTopic } from '../../common/live.ts';
import { accountWithMembers, createAccount, createUser, makeGlobalSuperAdmin } from '../../../test/support/factories.ts';
import { anotherSession } from '../../../test/support/sessions.ts';
import { openLiveStream, type SseStream } from '../../../test/support/sseClient.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, type TestUser } from '../../../test/support/testApp.ts';

/**
 * Issue 21: an open stream is authorised again when its user's access changes, and closes at once
 * when it no longer passes; before, it lived on until its session's expiry. Each test also shows
 * that a stream the change does not touch stays open.
 */
describeEachDialect('live streams close when access changes', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  let operator: TestUser;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      live: dialect === 'postgres' ? { liveBus: { kind: 'postgres', connectionString: process.env.TEST_DATABASE_URL! } } : {},
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    operator = await createUser(t);
    await makeGlobalSuperAdmin(t, operator);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.stop();
  });

  async function subscribe(topic: LiveTopic, as: TestUser) {
    const stream = await openLiveStream(baseUrl, livePath(topic), { token: as.token });
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  }

  /** Resolves true once the server ended the stream, false if it is still open after `ms`. */
  const closesWithin = (stream: SseStream, ms = 3_000) =>
    Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => { setTimeout(() => resolve(false), ms); })]);

  async function ticketOf(author: TestUser, accountId: string) {
    return (await t.call('submitTicket', { subject: 'Live', description: 'Watch me.', priority: 'low', accountId }, author)).result.ticketId as string;
  }

  /** A stream still open receives the next message on its topic. */
  async function stillDelivers(stream: SseStream, ticketId: string, replier: TestUser) {
    expect((await t.call('addTicketReply', { ticketId, body: 'Still here?' }, replier)).status).toBe(200);
    expect(await stream.next()).toEqual({ topic: liveTopics.ticket(ticketId), kind: 'ticket.replied' });
  }

  it('a disabled user\'s open streams close at once; other readers of the topic stay', async () => {
    const a = await accountWithMembers(t);
    const ticketId = await ticketOf(a.member, a.accountId);
    const [members, owners] = [await subscribe(liveTopics.ticket(ticketId), a.member), await subscribe(liveTopics.ticket(ticketId), a.owner)];

    const res = await t.call('setUserDisabled', { userId: a.member.id, disabled: true, reason: 'Abuse report' }, operator);
    expect(res.status).toBe(200);
    expect(await closesWithin(members)).toBe(true);
    await stillDelivers(owners, ticketId, a.admin);
  });

  it('a member removed from an account has their streams on that account\'s topics closed; their other account\'s stay', async () => {
    const a = await accountWithMembers(t);
    // The account admin reads every ticket of the account, not only their own.
    const ticketId = await ticketOf(a.owner, a.accountId);
    const ownAccountId = await createAccount(t, a.admin, 'Admin\'s own');
    const ownTicketId = await ticketOf(a.admin, ownAccountId);
    const removed = await subscribe(liveTopics.ticket(ticketId), a.admin);
    const own = await subscribe(liveTopics.ticket(ownTicketId), a.admin);

    expect((await t.call('removeMember', { accountId: a.accountId, memberUid: a.admin.id }, a.owner)).status).toBe(200);
    expect(await closesWithin(removed)).toBe(true);
    expect((await openLiveStream(baseUrl, livePath(liveTopics.ticket(ticketId)), { token: a.admin.token })).status).toBe(404);
    await stillDelivers(own, ownTicketId, a.admin);
  });

  it('an account admin demoted to member loses the stream of a ticket they did not write', async () => {
    const a = await accountWithMembers(t);
    const ticketId = await ticketOf(a.owner, a.accountId);
    const stream = await subscribe(liveTopics.ticket(ticketId), a.admin);
    expect((await t.call('updateMemberRole', { accountId: a.accountId, memberUid: a.admin.id, newRole: 'member' }, a.owner)).status).toBe(200);
    expect(await closesWithin(stream)).toBe(true);
  });

  it('a demoted operator\'s back-office stream closes; their customer stream stays', async () => {
    const demoted = await createUser(t);
    await makeGlobalSuperAdmin(t, demoted);
    const ownAccountId = await createAccount(t, demoted);
    const ownTicketId = await ticketOf(demoted, ownAccountId);
    const events = await subscribe(liveTopics.adminEvents(), demoted);
    const own = await subscribe(liveTopics.ticket(ownTicketId), demoted);
    const colleagues = await subscribe(liveTopics.adminEvents(), operator);

    expect((await t.call('updateUserGlobalRole', { targetUserId: demoted.id, newGlobalRole: 'user' }, operator)).status).toBe(200);
    expect(await closesWithin(events)).toBe(true);
    expect((await openLiveStream(baseUrl, livePath(liveTopics.adminEvents()), { token: demoted.token })).status).toBe(403);
    await stillDelivers(own, ownTicketId, demoted);
    expect(await closesWithin(colleagues, 300)).toBe(false);
  });

  it('a revoked session\'s streams close; the same user\'s other session keeps its own', async () => {
    const a = await accountWithMembers(t);
    const ticketId = await ticketOf(a.member, a.accountId);
    const phone = await anotherSession(t, a.member);
    const onPhone = await subscribe(liveTopics.ticket(ticketId), phone.as);
    const here = await subscribe(liveTopics.ticket(ticketId), a.member);

    expect((await t.call('revokeMySession', { sessionId: phone.sessionId }, a.member)).status).toBe(200);
    expect(await closesWithin(onPhone)).toBe(true);
    await stillDelivers(here, ticketId, a.owner);
  });

  it('a password reset closes the user\'s open streams with their sessions', async () => {
    const a = await accountWithMembers(t);
    const ticketId = await ticketOf(a.member, a.accountId);
    const stream = await subscribe(liveTopics.ticket(ticketId), a.member);
    const post = (path: string, body: unknown) => t.app.inject({
      method: 'POST', url: `/api/auth${path}`, remoteAddress: nextClientIp(),
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: JSON.stringify(body),
    });
    expect((await post('/request-password-reset', { email: a.member.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const mail = (await t.outbox(a.member.email)).find((m) => m.subject === 'Reset your password');
    const token = decodeURIComponent(mail!.text_body.match(/reset-password\?token=(\S+)/)![1]);
    expect((await post('/reset-password', { token, newPassword: 'a brand new passphrase' })).statusCode).toBe(200);
    expect(await closesWithin(stream)).toBe(true);
  });

  it('an operator ends all of a user\'s sessions: every token 401, every stream closed, audited', async () => {
    const a = await accountWithMembers(t);
    const ticketId = await ticketOf(a.member, a.accountId);
    const phone = await anotherSession(t, a.member);
    const stream = await subscribe(liveTopics.ticket(ticketId), phone.as);

    const res = await t.call('endAllUserSessions', { userId: a.member.id, reason: 'Lost laptop' }, operator);
    expect(res.result).toEqual({ userId: a.member.id, sessionsEnded: 2 });
    expect(await closesWithin(stream)).toBe(true);
    for (const session of [a.member, phone.as]) expect((await t.call('getProfile', {}, session)).status).toBe(401);
    const audit = await t.services.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.sessions_ended').where('target_id', '=', a.member.id).execute();
    expect(audit).toEqual([expect.objectContaining({ actor_user_id: operator.id, reason: 'Lost laptop', target_type: 'user' })]);
    // Not disabled: the user signs in again as before.
    expect((await t.call('getUserDetails', { userId: a.member.id }, operator)).result.user.auth.disabled).toBe(false);
    // Only operators may do it.
    expect((await t.call('endAllUserSessions', { userId: a.owner.id, reason: 'x' }, a.admin)).status).toBe(403);
    expect((await t.call('endAllUserSessions', { userId: 'no-such-user', reason: 'x' }, operator)).status).toBe(404);
    expect((await t.call('endAllUserSessions', { userId: a.owner.id, reason: '  ' }, operator)).status).toBe(400);
  });
});
