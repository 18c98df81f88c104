import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '../../common/live.ts';
import { accountWithMembers } from '../../../test/support/factories.ts';
import { openLiveStream, type SseStream } from '../../../test/support/sseClient.ts';
import { startTestApp, type TestApp } from '../../../test/support/testApp.ts';

const url = process.env.TEST_DATABASE_URL;

/** The scaled mode: two app processes on one PostgreSQL database, each with its own LISTEN connection. */
describe.skipIf(!url)('live updates across app instances [postgres]', () => {
  // Each instance's LISTEN connection is named, so a test can cut exactly that one.
  const listenerOfB = `portal-live-${randomBytes(5).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  let baseUrlB: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    a = await startTestApp('postgres', { live: { liveBus: { kind: 'postgres', connectionString: url! } } });
    b = await startTestApp('postgres', {
      sameDatabaseAs: a,
      live: { liveBus: { kind: 'postgres', connectionString: url!, applicationName: listenerOfB } },
    });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await b?.stop();
    await a?.stop();
  });

  async function ticketWatchedOnB() {
    const cast = await accountWithMembers(a);
    const { ticketId } = (await a.call('submitTicket',
      { subject: 'Across', description: 'Two processes.', priority: 'low', accountId: cast.accountId }, cast.member)).result;
    // The session was made through A; B reads it from the shared database.
    const stream = await openLiveStream(baseUrlB, `/api/live/${liveTopics.ticket(ticketId)}`, { token: cast.member.token });
    streams.push(stream);
    expect(stream.status).toBe(200);
    return { cast, ticketId, stream };
  }

  it('a reply written through instance A reaches a client subscribed on instance B', async () => {
    const { cast, ticketId, stream } = await ticketWatchedOnB();
    expect((await a.call('addTicketReply', { ticketId, body: 'From A' }, cast.owner)).status).toBe(200);
    expect(await stream.next()).toEqual({ topic: liveTopics.ticket(ticketId), kind: 'ticket.replied' });
    // B's reader then sees the reply through the function.
    expect((await b.call('getTicket', { ticketId }, cast.member)).result.replies).toHaveLength(1);
  });

  it('after losing its LISTEN connection, an instance listens again, tells subscribers to resync, and hears later writes', async () => {
    const { cast, ticketId, stream } = await ticketWatchedOnB();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [listenerOfB]);
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    const topic = liveTopics.ticket(ticketId);
    expect(await stream.next()).toEqual({ topic, kind: 'resync' });
    await a.call('addTicketReply', { ticketId, body: 'After the reconnect' }, cast.owner);
    expect(await stream.next()).toEqual({ topic, kind: 'ticket.replied' });
  });
});

describe.skipIf(!url)('live updates without their LISTEN connection [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the bus cannot open its LISTEN connection.
    t = await startTestApp('postgres', { live: { liveBus: { kind: 'postgres', connectionString: 'postgres://postgres@127.0.0.1:1/test' } } });
  });
  afterAll(async () => { await t?.stop(); });

  it('answers 503 in the JSON error shape, with no driver text, and the write still succeeds', async () => {
    const cast = await accountWithMembers(t);
    const { ticketId } = (await t.call('submitTicket',
      { subject: 'Down', description: 'No bus.', priority: 'low', accountId: cast.accountId }, cast.member)).result;
    const res = await t.app.inject({ method: 'GET', url: `/api/live/ticket/${ticketId}`, headers: { authorization: `Bearer ${cast.member.token}` } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { status: 'UNAVAILABLE', message: 'Live updates are unavailable. Please try again later.' } });
    // Publishing goes over the app's own pool, so writes do not depend on the LISTEN connection.
    expect((await t.call('addTicketReply', { ticketId, body: 'Still stored' }, cast.owner)).status).toBe(200);
  });
});
