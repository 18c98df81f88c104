import { afterEach, expect, it } from 'vitest';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { emit, insertFlow, insertWebhook, type Receiver, startReceiver } from '../../../../../test/support/events/engine.ts';
import type { Db } from '../../../db/transaction.ts';
import { parseAllowList } from '../outbound/addressPolicy.ts';
import { dispatchBatch } from './dispatcher.ts';
import { createDeliveryEngine } from './engine.ts';
import { createRoutingCache, type RoutingCache } from './routingCache.ts';

/**
 * A routing cache whose first read, once armed, lets `meanwhile` commit before it answers with
 * what it had read: an operator saving a flow (and an event following) while the engine reads
 * its routing. `meanwhile` gets `waitMs` to commit; on SQLite an engine transaction holding the
 * database makes it wait until that transaction ends.
 */
function racingRouting(t: TestApp, meanwhile: () => Promise<unknown>, waitMs = 300) {
  const real = createRoutingCache(t.services.db);
  let armed = true;
  let committed: Promise<unknown> = Promise.resolve();
  const routing: RoutingCache = {
    async get(reader?: Db) {
      const answer = await real.get(reader);
      if (armed) {
        armed = false;
        committed = meanwhile();
        await Promise.race([committed, new Promise((resolve) => setTimeout(resolve, waitMs))]);
      }
      return answer;
    },
    invalidate: () => real.invalidate(),
  };
  return { routing, committed: () => committed };
}

describeEachDialect('webhook delivery engine: routing read while flows and webhooks change', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function setUp() {
    const t = await startTestApp(dialect);
    cleanups.push(() => t.stop());
    const receiver: Receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    return { t, receiver };
  }
  const deliveries = (t: TestApp) => t.services.db.selectFrom('webhook_deliveries').select(['event_id', 'status']).execute();

  it('an event committed after a flow was saved is routed by that flow, even when the flow was saved while the engine read its routing', async () => {
    const { t, receiver } = await setUp();
    const hook = await insertWebhook(t.services.db, { url: `${receiver.url}/hook` });
    const before = await emit(t.services.db);
    let after = '';
    const race = racingRouting(t, async () => {
      await insertFlow(t.services.db, { webhookIds: [hook.id], triggers: [{ eventType: 'domain.*', conditions: [] }] });
      after = await emit(t.services.db);
    });

    await dispatchBatch({ db: t.services.db, dialect, routing: race.routing, now: new Date(), batchSize: 200 });
    await race.committed();
    await dispatchBatch({ db: t.services.db, dialect, routing: race.routing, now: new Date(), batchSize: 200 });

    // The event from before the flow existed goes nowhere; the one after it goes to the webhook once.
    expect(await deliveries(t)).toEqual([{ event_id: after, status: 'pending' }]);
    expect(before).not.toBe(after);
  });

  it('a delivery for a webhook saved after the engine read its routing is sent, not closed as deleted', async () => {
    const { t, receiver } = await setUp();
    let eventId = '';
    const race = racingRouting(t, async () => {
      const hook = await insertWebhook(t.services.db, { url: `${receiver.url}/hook` });
      await insertFlow(t.services.db, { webhookIds: [hook.id], triggers: [{ eventType: 'domain.*', conditions: [] }] });
      eventId = await emit(t.services.db);
      await dispatchBatch({ db: t.services.db, dialect, routing: createRoutingCache(t.services.db), now: new Date(), batchSize: 200 });
    });
    const engine = createDeliveryEngine({ db: t.services.db, dialect, allow: parseAllowList('127.0.0.1'), log: t.services.log, routing: race.routing });

    await engine.runOnce();

    expect(await deliveries(t)).toEqual([{ event_id: eventId, status: 'success' }]);
    expect(receiver.received).toHaveLength(1);
  });
});
