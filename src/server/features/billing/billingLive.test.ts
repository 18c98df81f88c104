import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PermissionCast, permissionCast } from '../../../../test/support/factories.ts';
import { openLiveStream, type SseStream } from '../../../../test/support/sseClient.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import { livePath, liveTopics } from '../../../common/live.ts';
import { NO_ACCOUNT_ACCESS } from '../../access/accountAccess.ts';
import { eventOf, providerId, subscription } from '../../../../test/support/billing/paymentEvents.ts';

describeEachDialect('live updates of an account\'s billing', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let baseUrl: string;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.stop();
  });

  it('every member hears that the billing changed, by a profile save or by a payment event', async () => {
    const topic = liveTopics.billing(cast.accountId);
    const member = await openLiveStream(baseUrl, livePath(topic), { token: cast.member.token });
    streams.push(member);
    expect(member.status).toBe(200);

    await t.call('updateBillingProfile', { accountId: cast.accountId, billingEmail: 'live@example.test' }, cast.owner);
    expect(await member.next()).toEqual({ topic, kind: 'billing.changed' });

    await t.services.receivePaymentEvent(eventOf('customer.subscription.created', subscription({
      id: providerId('sub'), customer: providerId('cus'), accountId: cast.accountId, priceId: 'price_live', periodStart: 1_790_000_000,
    }), 1_790_000_000));
    expect(await member.next()).toEqual({ topic, kind: 'billing.changed' });
  });

  it('is refused before it starts to anyone getBillingOverview refuses', async () => {
    for (const user of [cast.outsider, cast.globalAdmin]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/live/billing/${cast.accountId}`, headers: { authorization: `Bearer ${user.token}` } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS } });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/live/billing/${cast.accountId}` })).statusCode).toBe(401);
  });
});
