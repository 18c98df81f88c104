import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveTopics, livePath } from '../../common/live.ts';
import { accountWithMembers, createUser, permissionCast } from '../../../test/support/factories.ts';
import { openLiveStream, type SseStream } from '../../../test/support/sseClient.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../test/support/testApp.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../auth/betterAuth.ts';
import { inTransaction } from '../db/transaction.ts';

describeEachDialect('live updates over Server-Sent Events', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      live: {
        // On PostgreSQL the scaled mode's LISTEN/NOTIFY bus, chosen explicitly as main.ts would from DATABASE_URL.
        ...(dialect === 'postgres' ? { liveBus: { kind: 'postgres', connectionString: process.env.TEST_DATABASE_URL! } } : {}),
        liveStreams: { maxStreamsPerUser: 3, heartbeatMs: 100 },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.stop();
  });

  async function subscribe(topic: string, auth: { token?: string; cookie?: string }) {
    const stream = await openLiveStream(baseUrl, `/api/live/${topic}`, auth);
    streams.push(stream);
    return stream;
  }

  async function ticketOf(author: TestUser, accountId: string) {
    const res = await t.call('submitTicket', { subject: 'Live', description: 'Watch me.', priority: 'low', accountId }, author);
    return res.result.ticketId as string;
  }

  const inject = (topic: string, token?: string) => t.app.inject({
    method: 'GET', url: `/api/live/${topic}`, headers: token ? { authorization: `Bearer ${token}` } : {},
  });

  it('refuses before the stream starts, in the JSON error shape, exactly as getTicket answers the same caller', async () => {
    const cast = await permissionCast(t);
    const ticketId = await ticketOf(cast.member, cast.accountId);
    const callers: [string, TestUser | null][] = [
      ['signed out', null], ['member of another account', cast.outsider], ['co-member who is not the author', cast.owner],
      ['global super admin outside the account', cast.globalAdmin],
    ];
    // The owner administers the account and may read; make the co-member case a plain member's.
    callers[2][1] = (await accountWithMembers(t)).member;
    for (const [who, caller] of callers) {
      const read = await t.call('getTicket', { ticketId }, caller);
      const res = await inject(liveTopics.ticket(ticketId), caller?.token);
      expect(read.status, who).not.toBe(200);
      expect({ status: res.statusCode, error: res.json().error }, who).toEqual({ status: read.status, error: read.error });
      expect(res.headers['content-type'], who).toMatch(/^application\/json/);
    }
    const signedOut = await inject(liveTopics.ticket(ticketId));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.status).toBe('UNAUTHENTICATED');
    const outsider = await inject(liveTopics.ticket(ticketId), cast.outsider.token);
    expect(outsider.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Ticket not found.' } });

    // An id getTicket refuses as input is refused with getTicket's text too.
    const tooLong = 'x'.repeat(129);
    expect((await inject(`ticket/${tooLong}`, cast.member.token)).json())
      .toEqual({ error: (await t.call('getTicket', { ticketId: tooLong }, cast.member)).error });
  });

  it('answers an unknown topic with 404, whoever asks', async () => {
    const user = await createUser(t);
    for (const topic of ['nothing', 'ticket', 'ticket/', 'ticket/a/b', 'order/1']) {
      for (const token of [user.token, undefined]) {
        const res = await inject(topic, token);
        expect(res.statusCode, topic).toBe(404);
        expect(res.json(), topic).toEqual({ error: { status: 'NOT_FOUND', message: 'Unknown live topic.' } });
      }
    }
  });

  it('streams to the session cookie as EventSource sends it: event-stream, no-store, unbuffered, with a retry hint and heartbeats', async () => {
    const a = await accountWithMembers(t);
    const ticketId = await ticketOf(a.member, a.accountId);
    const signed = `${a.member.token}.${createHmac('sha256', t.services.config.AUTH_SECRET).update(a.member.token).digest('base64')}`;
    const stream = await subscribe(liveTopics.ticket(ticketId), { cookie: `better-auth.session_token=${encodeURIComponent(signed)}` });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    await expect.poll(() => stream.comments).toContain('heartbeat');
    stream.close();
  });

  it('a reply through the protocol reaches every reader subscribed to the ticket, naming only the topic and what happened', async () => {
    const a = await accountWithMembers(t);
    const ticketId = await ticketOf(a.member, a.accountId);
    const topic = liveTopics.ticket(ticketId);
    const [author, admin] = await Promise.all([subscribe(topic, a.member), subscribe(topic, a.admin)]);

    const reply = await t.call('addTicketReply', { ticketId, body: 'Secret customer detail' }, a.owner);
    expect(reply.status).toBe(200);
    for (const stream of [author, admin]) expect(await stream.next()).toEqual({ topic, kind: 'ticket.replied' });
    // The path helper the web uses reaches the same stream.
    expect(livePath(topic)).toBe(`/api/live/ticket/${ticketId}`);
  });

  it('publishes nothing for a write that rolled back', async () => {
    const a = await accountWithMembers(t);
    const ticketId = await ticketOf(a.member, a.accountId);
    const topic = liveTopics.ticket(ticketId);
    const stream = await subscribe(topic, a.member);

    // A unit of work that publishes and then fails: nothing goes out.
    await expect(inTransaction(t.services.db, async (tx) => {
      t.services.live.publish(tx, topic, 'resync');
      throw new Error('write failed');
    })).rejects.toThrow('write failed');
    // Messages on one topic arrive in publish order, so the first one seen must be the committed reply.
    await t.call('addTicketReply', { ticketId, body: 'after the rollback' }, a.owner);
    expect(await stream.next()).toEqual({ topic, kind: 'ticket.replied' });

    // A reply whose own transaction fails (its platform event cannot be written) publishes nothing either.
    await sql`alter table platform_events rename to platform_events_away`.execute(t.services.db);
    try {
      expect((await t.call('addTicketReply', { ticketId, body: 'lost' }, a.owner)).status).toBe(500);
    } finally {
      await sql`alter table platform_events_away rename to platform_events`.execute(t.services.db);
    }
    await inTransaction(t.services.db, async (tx) => t.services.live.publish(tx, topic, 'resync'));
    expect(await stream.next()).toEqual({ topic, kind: 'resync' });
    expect((await t.call('getTicket', { ticketId }, a.member)).result.replies.map((r: { body: string }) => r.body)).toEqual(['after the rollback']);
  });

  it('caps the streams one user holds open, and frees a place when a client goes away', async () => {
    const a = await accountWithMembers(t);
    const topic = liveTopics.ticket(await ticketOf(a.member, a.accountId));
    const open = await Promise.all([1, 2, 3].map(() => subscribe(topic, a.member)));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);

    const refused = await subscribe(topic, a.member);
    expect(refused.status).toBe(429);
    expect(refused.error?.status).toBe('RESOURCE_EXHAUSTED');
    // Another user is not held back by this one.
    expect((await subscribe(topic, a.admin)).status).toBe(200);

    open[0].close();
    await expect.poll(async () => {
      const retry = await subscribe(topic, a.member);
      return retry.status;
    }).toBe(200);
  });

  it('ends the stream when its session expires', async () => {
    const a = await accountWithMembers(t);
    const topic = liveTopics.ticket(await ticketOf(a.member, a.accountId));
    // The session reaches its absolute lifetime two seconds from now.
    const createdAt = new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_MS + 2_000).toISOString();
    await t.services.db.updateTable('auth_session').set({ created_at: createdAt }).where('token', '=', a.member.token).execute();
    const stream = await subscribe(topic, a.member);
    expect(stream.status).toBe(200);
    await stream.ended;
    expect((await subscribe(topic, a.member)).status).toBe(401);
  });

  it('ends open streams when the app shuts down, so stopping never waits on clients', async () => {
    const other = await startTestApp(dialect, { live: t.services.live.kind === 'postgres' ? { liveBus: { kind: 'postgres', connectionString: process.env.TEST_DATABASE_URL! } } : {} });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await accountWithMembers(other);
    const { ticketId } = (await other.call('submitTicket', { subject: 'Bye', description: 'd', priority: 'low', accountId: a.accountId }, a.member)).result;
    const stream = await openLiveStream(`http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`, livePath(liveTopics.ticket(ticketId)), a.member);
    expect(stream.status).toBe(200);
    await other.stop();
    await stream.ended;
  });
});

