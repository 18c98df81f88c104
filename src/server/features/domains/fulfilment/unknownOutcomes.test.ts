import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { seedSandboxSupplier, seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { type FakeDynadot, dynadotTestEnv, startFakeDynadot } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { type EnomFake, startEnomFake } from '../../../../../test/support/registrars/enom.fake.ts';
import { commandOf, type NamecheapFake, namecheapFakeEnv, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { attemptsOf, orderRow, paidOrder, sandboxHolds, uniqueName, type WatchedRegistrar, watchRegistrar } from '../../../../../test/support/domains/fulfilment.ts';
import { FulfilmentDeferred, OUTCOME_UNKNOWN_LIMIT_MS, PROCESSING_WINDOW_MS } from './calls.ts';
import { fulfilOrder, RECHECK_FIRST_SECONDS } from './job.ts';
import { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE } from '../orders/queues.ts';
import { findOrderView } from '../orders/repository.ts';

/**
 * The registrar outcome model (issue 18, docs/decisions.md): an answer that leaves it open whether
 * the registrar acted is unknown, never a refusal. The job asks that supplier, never buys the name
 * elsewhere meanwhile, and parks the order for an operator once OUTCOME_UNKNOWN_LIMIT_MS passed.
 * Each supplier is cheaper than the sandbox, so a failover would show as a sandbox registration.
 */

const HOUR = 3_600_000;
const creates = (fake: NamecheapFake) => fake.sent('namecheap.domains.create').length;
const summaryOf = async (t: TestApp, orderId: string) => (await attemptsOf(t, orderId)).map((x) => `${x.supplier_id} ${x.operation} ${x.outcome}`);

describeEachDialect('unknown outcomes at Namecheap', (dialect) => {
  let t: TestApp;
  let fake: NamecheapFake;
  let a: AccountWithMembers;
  let watched: WatchedRegistrar | null = null;
  const clock = new ManualClock();

  beforeAll(async () => {
    fake = await startNamecheapFake();
    const env = Object.fromEntries(Object.entries(namecheapFakeEnv(fake.url)).filter(([name]) => name.startsWith('NAMECHEAP_')));
    t = await startTestApp(dialect, { env, clock });
    a = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, [{ tld: 'com', registerCents: 900 }]);
  });
  beforeEach(() => { fake.http.requests.length = 0; });
  afterEach(() => { watched?.restore(); watched = null; });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  const order = (domain: string) => paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });

  it('P1: a registration that timed out after Namecheap registered the name, with a failing status check, is not bought at the next supplier', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    // Namecheap registers the name, and its answer never arrives: our side gives up (its time-out).
    fake.http.actThen({ body: '', hang: true }, (r) => commandOf(r) === 'namecheap.domains.create');
    fake.failStatusChecks(1);
    const timeOut = new AbortController();
    watched = watchRegistrar(t, 'namecheap', { register: (request) => watched!.real.register(request, { signal: timeOut.signal }) });
    const run = fulfilOrder(t.services, orderId);
    await waitFor(() => (fake.domains.has(domain) ? true : undefined));
    timeOut.abort();

    await expect(run).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect(await sandboxHolds(t, domain)).toBe(0);
    expect((await orderRow(t, orderId)).status).toBe('processing');
    expect(await summaryOf(t, orderId)).toEqual(['namecheap register unknown', 'namecheap check unknown']);

    // The next look, once the status check answers: the name is ours there, and it is not bought again.
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(creates(fake)).toBe(1);
    expect(await sandboxHolds(t, domain)).toBe(0);
    expect(await findOrderView(t.services.db, orderId)).toMatchObject({ status: 'completed', registrar: 'Namecheap' });
  });

  it('Namecheap error 5050900 after the order was placed is unknown: the supplier is asked, finds the name, and nothing is bought elsewhere', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    fake.createThenAnswerError('5050900', 'Unknown exceptions');

    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(await summaryOf(t, orderId)).toEqual(['namecheap register unknown', 'namecheap check succeeded']);
    expect((await attemptsOf(t, orderId))[0]!.reason).toMatch(/Unknown exceptions \(error 5050900\)/);
    expect(await findOrderView(t.services.db, orderId)).toMatchObject({ status: 'completed', registrar: 'Namecheap' });
    expect(await sandboxHolds(t, domain)).toBe(0);
  });

  it('HTTP 400 after the order was placed is unknown, not a refusal: the supplier is asked and nothing is bought elsewhere', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    fake.http.actThen({ status: 400, contentType: 'text/html', body: '<html><body>Bad Request</body></html>' }, (r) => commandOf(r) === 'namecheap.domains.create');

    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(await summaryOf(t, orderId)).toEqual(['namecheap register unknown', 'namecheap check succeeded']);
    expect(await sandboxHolds(t, domain)).toBe(0);
  });

  it('HTTP 408 from a proxy with a failing status check: the order waits, it does not fail over', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    fake.http.actThen({ status: 408, contentType: 'text/html', body: 'Request Timeout' }, (r) => commandOf(r) === 'namecheap.domains.create');
    fake.failStatusChecks(1);

    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect(await sandboxHolds(t, domain)).toBe(0);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(creates(fake)).toBe(1);
    expect((await findOrderView(t.services.db, orderId))!.registrar).toBe('Namecheap');
  });

  it('a non-real-time TLD\'s accepted order: "not found" is no answer, even long after; the order completes when the name appears', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    fake.makeNonRealTime(domain);

    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    clock.advance(PROCESSING_WINDOW_MS + HOUR);
    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect(await summaryOf(t, orderId)).toEqual(['namecheap register unknown', 'namecheap check unknown', 'namecheap check unknown']);
    expect((await attemptsOf(t, orderId))[0]!.reason).toMatch(/^The supplier accepted the order and has not finished it yet\./);
    expect(await sandboxHolds(t, domain)).toBe(0);

    fake.completePending(domain);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(creates(fake)).toBe(1);
    expect(await sandboxHolds(t, domain)).toBe(0);
  });

  it('an outcome that stays unknown for 48 hours parks the order for an operator, with every answer recorded', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    fake.createThenAnswerError('2528166', 'Order creation failed');
    fake.failStatusChecks(3);

    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    clock.advance(OUTCOME_UNKNOWN_LIMIT_MS - HOUR);
    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    clock.advance(HOUR);
    expect(await fulfilOrder(t.services, orderId)).toBe('parked');

    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({
      status: 'requires_manual_processing', payment_status: 'paid',
      error: `We could not confirm the registration of ${domain} with our registrar yet. Our team has been notified and will complete it.`,
    });
    expect(Boolean(row.admin_action_required)).toBe(true);
    expect(await summaryOf(t, orderId)).toEqual(['namecheap register unknown', 'namecheap check unknown', 'namecheap check unknown', 'namecheap check unknown']);
    for (const attempt of (await attemptsOf(t, orderId)).slice(1)) expect(attempt.reason).toMatch(/HTTP 502/);
    expect(creates(fake)).toBe(1);
    expect(await sandboxHolds(t, domain)).toBe(0);
  });

  it('two runs of one order never overlap: while one is at the registrar, another does not start', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    const hold = fake.http.hold();
    const first = fulfilOrder(t.services, orderId);
    await waitFor(() => (fake.sent('namecheap.domains.create').length === 1 ? true : undefined));

    await expect(fulfilOrder(t.services, orderId)).rejects.toMatchObject({ name: 'FulfilmentDeferred', recheck: false });
    hold.release();
    expect(await first).toBe('completed');
    expect(creates(fake)).toBe(1);
    expect(await summaryOf(t, orderId)).toEqual(['namecheap register succeeded']);
  });
});

describeEachDialect('unknown outcomes at Enom', (dialect) => {
  let t: TestApp;
  let fake: EnomFake;
  let a: AccountWithMembers;
  const clock = new ManualClock();

  beforeAll(async () => {
    fake = await startEnomFake();
    t = await startTestApp(dialect, { env: { ENOM_UID: fake.uid, ENOM_PW: fake.pw, ENOM_API_URL: fake.url }, clock });
    a = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
    await seedSupplier(t.services.db, { id: 'enom', name: 'Enom' }, [{ tld: 'com', registerCents: 800 }]);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('RRPCode 1300 (accepted, pending) is not a refusal: nothing is bought elsewhere while Enom has not finished, and the order completes when it has', async () => {
    const domain = uniqueName();
    const orderId = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain, privacy: false });
    fake.makeNonRealTime(domain);

    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    clock.advance(PROCESSING_WINDOW_MS);
    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect(await summaryOf(t, orderId)).toEqual(['enom register unknown', 'enom check unknown', 'enom check unknown']);
    expect((await attemptsOf(t, orderId))[0]!.reason).toMatch(/^The supplier accepted the order and has not finished it yet\. .*RRP code 1300/);
    expect(await sandboxHolds(t, domain)).toBe(0);

    fake.completePending(domain);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(await findOrderView(t.services.db, orderId)).toMatchObject({ status: 'completed', registrar: 'Enom' });
    expect(fake.requests.filter((r) => r.params.Command === 'Purchase')).toHaveLength(1);
    expect(await sandboxHolds(t, domain)).toBe(0);
  });
});

describeEachDialect('unknown outcomes at Dynadot', (dialect) => {
  let t: TestApp;
  let fake: FakeDynadot;
  let a: AccountWithMembers;

  beforeAll(async () => {
    fake = await startFakeDynadot();
    const env = Object.fromEntries(Object.entries(dynadotTestEnv(fake)).filter(([name]) => name.startsWith('DYNADOT_'))) as Record<string, string>;
    t = await startTestApp(dialect, { env });
    a = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
    await seedSupplier(t.services.db, { id: 'dynadot', name: 'Dynadot' }, [{ tld: 'com', registerCents: 800 }]);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('a register answer that is not JSON (a maintenance page) is unknown: Dynadot is asked, holds the name, and nothing is bought elsewhere', async () => {
    const domain = uniqueName();
    const orderId = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });
    fake.actThen('register', { status: 200, contentType: 'text/html', body: '<html><body>Down for maintenance</body></html>' });

    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(await summaryOf(t, orderId)).toEqual(['dynadot register unknown', 'dynadot check succeeded']);
    expect((await attemptsOf(t, orderId))[0]!.reason).toMatch(/not JSON/);
    expect(await findOrderView(t.services.db, orderId)).toMatchObject({ status: 'completed', registrar: 'Dynadot' });
    expect(await sandboxHolds(t, domain)).toBe(0);
  });

  it('a renew option Dynadot refuses after the registration completes the order and is written on its attempt for the desk', async () => {
    const domain = uniqueName();
    const orderId = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });
    fake.failNextTimes('set_renew_option', 'system busy', 2);

    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    const [register] = await attemptsOf(t, orderId);
    expect(register).toMatchObject({ operation: 'register', outcome: 'succeeded' });
    expect(register!.reason).toMatch(/^Registered, but the supplier refused what followed: .*set_renew_option/);
  });
});

describeEachDialect('the job asks again by itself', (dialect) => {
  let t: TestApp;
  let fake: NamecheapFake;
  let a: AccountWithMembers;
  const clock = new ManualClock();

  beforeAll(async () => {
    fake = await startNamecheapFake();
    const env = Object.fromEntries(Object.entries(namecheapFakeEnv(fake.url)).filter(([name]) => name.startsWith('NAMECHEAP_')));
    t = await startTestApp(dialect, { env, clock, runWorkers: true });
    a = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, [{ tld: 'com', registerCents: 900 }]);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('an unknown outcome is asked about again a minute later by the queued job, which then completes the order where the name is', async () => {
    const domain = uniqueName();
    const orderId = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });
    fake.createThenAnswerError('3028166', 'Error from Enom: request timed out');
    fake.failStatusChecks(1);
    // The rechecks the worker queues, seen as they are sent: the clock moves only once one waits.
    const rechecks: string[] = [];
    const send = t.services.jobs.send.bind(t.services.jobs);
    t.services.jobs.send = (async (queue, payload, options) => {
      const id = await send(queue, payload, options);
      if (options?.singletonKey?.includes(':recheck:')) rechecks.push(options.singletonKey);
      return id;
    }) as typeof send;
    await t.services.jobs.send(FULFIL_ORDER_QUEUE, { orderId }, { singletonKey: orderId, ...FULFIL_ORDER_JOB_OPTIONS });

    await waitFor(() => (rechecks.length === 1 ? true : undefined));
    expect(rechecks).toEqual([`${orderId}:recheck:1`]);
    expect(await summaryOf(t, orderId)).toEqual(['namecheap register unknown', 'namecheap check unknown']);
    expect((await orderRow(t, orderId)).status).toBe('processing');
    clock.advance(RECHECK_FIRST_SECONDS * 1000);

    await waitFor(async () => ((await orderRow(t, orderId)).status === 'completed' ? true : undefined));
    expect(await summaryOf(t, orderId)).toEqual(['namecheap register unknown', 'namecheap check unknown', 'namecheap check succeeded']);
    expect(creates(fake)).toBe(1);
    expect(await sandboxHolds(t, domain)).toBe(0);
  });
});
