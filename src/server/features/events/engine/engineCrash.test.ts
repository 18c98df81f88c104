import type { KyselyPlugin } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { liveTopics } from '../../../../common/live.ts';
import { describeEachDialect, sharedTestDatabase, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { parseAllowList } from '../outbound/addressPolicy.ts';
import { createDeliveryEngine } from './engine.ts';
import { emit, insertFlow, insertWebhook, type Receiver, startReceiver } from '../../../../../test/support/events/engine.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';

const WORKER_WAIT_MS = 45_000;

const LOCAL = parseAllowList('127.0.0.1');

/** Makes the transaction fail where it marks events processed: a crash after the deliveries were written. */
const crashBeforeMarkingProcessed: KyselyPlugin = {
  transformQuery(args) {
    if (args.node.kind === 'UpdateQueryNode' && JSON.stringify(args.node.table).includes('platform_events')) throw new Error('process died');
    return args.node;
  },
  transformResult: async (args) => args.result,
};

describeEachDialect('webhook delivery engine: crashes and the worker lifecycle', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function setUp(options: Parameters<typeof startTestApp>[1] = {}) {
    const t = await startTestApp(dialect, options);
    cleanups.push(() => t.stop());
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    return { t, receiver };
  }
  async function oneHook(t: TestApp, receiver: Receiver) {
    const hook = await insertWebhook(t.services.db, { url: `${receiver.url}/hook` });
    await insertFlow(t.services.db, { webhookIds: [hook.id], triggers: [{ eventType: 'domain.*', conditions: [] }] });
    return hook;
  }

  it('a crash during fan-out leaves nothing behind, and the next run sends each delivery once', async () => {
    const { t, receiver } = await setUp();
    await oneHook(t, receiver);
    for (let i = 0; i < 5; i += 1) await emit(t.services.db);
    const crashing = createDeliveryEngine({ db: t.services.db.withPlugin(crashBeforeMarkingProcessed), dialect, allow: LOCAL, log: t.services.log });
    await crashing.runOnce().catch(() => undefined);
    expect(await t.services.db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);

    await createDeliveryEngine({ db: t.services.db, dialect, allow: LOCAL, log: t.services.log }).runOnce();
    expect(await t.services.db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(5);
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).id)).size).toBe(5);
    expect(receiver.received).toHaveLength(5);
  });

  it('a worker killed in the middle of a burst loses no delivery; only its unfinished ones are sent again, with the same webhook-id', async () => {
    const shared = await sharedTestDatabase(dialect);
    cleanups.push(() => shared.drop());
    const { t, receiver } = await setUp({ database: shared });
    await oneHook(t, receiver);
    for (let i = 0; i < 60; i += 1) await emit(t.services.db);
    const clock = new ManualClock();

    // Worker A, its own process: its own connection. The receiver answers its first 20 requests, then lets the rest hang.
    const handleA = shared.open();
    let hang = true;
    receiver.answer = (_, i) => (i < 20 || !hang ? { status: 200 } : 'hang');
    const a = createDeliveryEngine({ db: handleA.db, dialect, allow: LOCAL, log: t.services.log, clock, concurrency: 8 });
    const running = a.runOnce().catch(() => undefined);
    await waitFor(() => (receiver.received.length >= 24 ? true : undefined));
    await waitFor(async () => {
      const unfinished = await t.services.db.selectFrom('webhook_deliveries').select('id').where('lease_owner', '=', a.owner).execute();
      return unfinished.length === 4 ? true : undefined;
    });
    const heldByA = new Set((await t.services.db.selectFrom('webhook_deliveries').select('id').where('lease_owner', '=', a.owner).execute()).map((r) => r.id));

    // Kill A: its connection goes, then its open requests die; it writes nothing more.
    await handleA.close();
    hang = false;
    receiver.dropHanging();
    await running;

    // Worker B takes everything A never claimed at once, and A's leased rows once the lease expired.
    const b = createDeliveryEngine({ db: t.services.db, dialect, allow: LOCAL, log: t.services.log, clock, concurrency: 8 });
    await b.runOnce();
    const waiting = await t.services.db.selectFrom('webhook_deliveries').select(['id', 'status']).where('status', '!=', 'success').execute();
    expect(new Set(waiting.map((r) => r.id))).toEqual(heldByA);
    clock.advance(61_000);
    await b.runOnce();

    const rows = await t.services.db.selectFrom('webhook_deliveries').select(['id', 'status', 'payload']).execute();
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.status === 'success')).toBe(true);
    const times = new Map<string, number>();
    for (const r of receiver.received) times.set(String(r.headers['webhook-id']), (times.get(String(r.headers['webhook-id'])) ?? 0) + 1);
    expect(new Set(times.keys())).toEqual(new Set(rows.map((r) => r.id)));
    const twice = [...times].filter(([, n]) => n > 1).map(([id]) => id);
    expect(twice.length).toBeGreaterThan(0);
    for (const id of twice) {
      expect(heldByA.has(id)).toBe(true);
      expect(times.get(id)).toBe(2);
      const bodies = receiver.received.filter((r) => r.headers['webhook-id'] === id).map((r) => r.body);
      expect(bodies[0]).toBe(bodies[1]);
    }
  });

  it('two workers running at once send each delivery exactly once', async () => {
    const shared = await sharedTestDatabase(dialect);
    cleanups.push(() => shared.drop());
    const { t, receiver } = await setUp({ database: shared });
    await oneHook(t, receiver);
    // On SQLite one process is the writer (the embedded mode); on PostgreSQL each worker has its own pool.
    const second = dialect === 'postgres' ? shared.open() : null;
    if (second) cleanups.push(() => second.close());
    const workers = [t.services.db, second?.db ?? t.services.db].map((db) => createDeliveryEngine({ db, dialect, allow: LOCAL, log: t.services.log, concurrency: 16, dispatchBatchSize: 20 }));
    for (const w of workers) w.start();
    for (let i = 0; i < 200; i += 1) await emit(t.services.db);
    await waitFor(async () => {
      const done = await t.services.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'success').execute();
      return done.length === 200 ? true : undefined;
    }, 20_000);
    for (const w of workers) await w.stop();
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    const owners = await t.services.db.selectFrom('webhook_delivery_attempts').select('id').execute();
    expect(owners).toHaveLength(200);
  }, 30_000);

  // The app's workers share the machine with the rest of the suite: under a full parallel run a
  // first delivery took over 15 s to be picked up (CI beside other sessions' work), so the waits
  // allow for a loaded machine. The deadline only ends a hung run; alone the test takes 6-7 s,
  // 5 of them the stop's grace for the hanging delivery.
  it('runs in the app with the workers: woken by a committed event, publishes events.changed, and stop hands unfinished leases back', async () => {
    const errorLog: string[] = [];
    const { t, receiver } = await setUp({ runWorkers: true, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }, errorLog });
    const state = async () => JSON.stringify({
      events: await t.services.db.selectFrom('platform_events').select(['event_type', 'processed']).execute(),
      deliveries: await t.services.db.selectFrom('webhook_deliveries').select(['status', 'attempts', 'lease_owner', 'next_attempt_at']).execute(),
      attempts: await t.services.db.selectFrom('webhook_delivery_attempts').select(['status', 'http_status', 'error']).execute(),
      received: receiver.received.length,
      errorLog,
    });
    const heard: string[] = [];
    const unsubscribe = await t.services.live.subscribe(liveTopics.adminEvents(), (m) => heard.push(m.kind));
    cleanups.push(async () => unsubscribe());
    await oneHook(t, receiver);

    await emit(t.services.db);
    await waitFor(async () => {
      const row = await t.services.db.selectFrom('webhook_deliveries').select('status').executeTakeFirst();
      return row?.status === 'success' ? true : undefined;
    }, WORKER_WAIT_MS, state);
    expect(receiver.received).toHaveLength(1);
    await waitFor(() => (heard.includes('events.changed') ? true : undefined), WORKER_WAIT_MS, state);

    receiver.answer = () => 'hang';
    await emit(t.services.db);
    await waitFor(() => (receiver.received.length === 2 ? true : undefined), WORKER_WAIT_MS, state);
    await t.services.jobs.stop();
    const row = await t.services.db.selectFrom('webhook_deliveries').selectAll().where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 0, lease_owner: null, lease_until: null });
    receiver.dropHanging();
  }, 4 * WORKER_WAIT_MS);
});
