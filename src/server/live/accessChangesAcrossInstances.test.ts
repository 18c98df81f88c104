import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics, livePath } from '../../common/live.ts';
import { accountWithMembers, createUser, makeGlobalSuperAdmin } from '../../../test/support/factories.ts';
import { openLiveStream, type SseStream } from '../../../test/support/sseClient.ts';
import { startTestApp, type TestApp } from '../../../test/support/testApp.ts';

const url = process.env.TEST_DATABASE_URL;

/** The scaled mode (issue 21): access taken away through one app process closes a stream another process holds. */
describe.skipIf(!url)('live streams close when access changes, across app instances [postgres]', () => {
  let a: TestApp;
  let b: TestApp;
  let baseUrlB: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    a = await startTestApp('postgres', { live: { liveBus: { kind: 'postgres', connectionString: url! } } });
    b = await startTestApp('postgres', { sameDatabaseAs: a, live: { liveBus: { kind: 'postgres', connectionString: url! } } });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await b?.stop();
    await a?.stop();
  });

  it('a member removed through A loses the stream they hold on B; a user disabled through A too', async () => {
    const cast = await accountWithMembers(a);
    const { ticketId } = (await a.call('submitTicket', { subject: 'Across', description: 'd', priority: 'low', accountId: cast.accountId }, cast.owner)).result;
    const open = async (token: string) => {
      const stream = await openLiveStream(baseUrlB, livePath(liveTopics.ticket(ticketId)), { token });
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };
    const [adminStream, ownerStream] = [await open(cast.admin.token), await open(cast.owner.token)];
    expect((await a.call('removeMember', { accountId: cast.accountId, memberUid: cast.admin.id }, cast.owner)).status).toBe(200);
    await adminStream.ended;

    const operator = await createUser(a);
    await makeGlobalSuperAdmin(a, operator);
    expect((await a.call('setUserDisabled', { userId: cast.owner.id, disabled: true, reason: 'Fraud' }, operator)).status).toBe(200);
    await ownerStream.ended;
  });
});
