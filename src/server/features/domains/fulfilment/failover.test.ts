import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedSandboxSupplier, seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { type NamecheapFake, namecheapFakeCredentials, namecheapFakeEnv, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';
import type { JobHandler, JobQueue, SendOptions } from '../../../jobs/queue.ts';
import { FulfilmentDeferred, PROCESSING_WINDOW_MS } from './calls.ts';
import { fulfilOrder, RECHECK_FIRST_SECONDS, registerFulfilmentWorker } from './job.ts';
import { releaseFulfilLease, takeFulfilLease } from './lease.ts';
import { attemptsOf, leaveStartedAttempt, orderRow, paidOrder, sandboxHolds, uniqueName } from '../../../../../test/support/domains/fulfilment.ts';
import { FULFIL_ORDER_JOB_OPTIONS, type FulfilOrderJob } from '../orders/queues.ts';
import { findOrderView } from '../orders/repository.ts';

const UNAVAILABLE = 'The supplier did not answer clearly: whether it acted is unknown.';

/** Two suppliers for .com: Namecheap (over its local fake) cheaper than the sandbox, so it is tried first. */
describeEachDialect('the registration job across suppliers', (dialect) => {
  let t: TestApp;
  let fake: NamecheapFake;
  let a: AccountWithMembers;
  const clock = new ManualClock();

  beforeAll(async () => {
    fake = await startNamecheapFake();
    const env = Object.fromEntries(Object.entries(namecheapFakeEnv(fake.url)).filter(([name]) => name.startsWith('NAMECHEAP_')));
    t = await startTestApp(dialect, { env, clock });
    a = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, [{ tld: 'com', registerCents: 900 }]);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });
  beforeEach(() => {
    fake.http.requests.length = 0;
    fake.setBalance(1000);
  });

  const order = (domain: string) => paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });
  const creates = () => fake.sent('namecheap.domains.create');
  const summary = async (orderId: string) => (await attemptsOf(t, orderId)).map((x) => ({ supplier: x.supplier_id, operation: x.operation, outcome: x.outcome }));

  it('a refusal at the cheaper supplier is recorded and the next supplier registers the name', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    fake.answerNextWithError('2033409', 'Possible error during order creation');

    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(creates()).toHaveLength(1);
    const attempts = await attemptsOf(t, orderId);
    expect(attempts.map((x) => [x.supplier_id, x.operation, x.outcome])).toEqual([['namecheap', 'register', 'failed'], ['sandbox', 'register', 'succeeded']]);
    expect(attempts[0]!.reason).toBe('The supplier refused the request. Namecheap refused namecheap.domains.create: Possible error during order creation (error 2033409).');
    expect(await findOrderView(t.services.db, orderId)).toMatchObject({ status: 'completed', registrar: 'Sandbox', registrationStatus: 'registered' });
    expect(await sandboxHolds(t, domain)).toBe(1);
    expect(fake.domains.has(domain)).toBe(false);
  });

  it('an empty balance at the cheaper supplier goes to the next one', async () => {
    const orderId = await order(uniqueName());
    fake.setBalance(0);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    const attempts = await attemptsOf(t, orderId);
    expect(attempts[0]!.reason).toMatch(/^Our balance at the supplier is too low\./);
    expect((await findOrderView(t.services.db, orderId))!.registrar).toBe('Sandbox');
  });

  it('a dropped connection leaves the outcome unknown: "not found" right after it is no answer yet; once the supplier had time, it is a no and registration goes on', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    fake.http.override({ body: '', drop: true });

    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect(await sandboxHolds(t, domain)).toBe(0);
    clock.advance(PROCESSING_WINDOW_MS);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(await summary(orderId)).toEqual([
      { supplier: 'namecheap', operation: 'register', outcome: 'unknown' },
      { supplier: 'namecheap', operation: 'check', outcome: 'unknown' },
      { supplier: 'namecheap', operation: 'check', outcome: 'failed' },
      { supplier: 'namecheap', operation: 'register', outcome: 'succeeded' },
    ]);
    const attempts = await attemptsOf(t, orderId);
    expect(attempts[0]!.reason).toMatch(new RegExp(`^${UNAVAILABLE.replace(/\./g, '\\.')}`));
    expect(attempts[1]!.reason).toMatch(/^The supplier does not hold this domain\..*Too soon after our call/);
    expect(attempts[2]!.reason).toMatch(/^The supplier does not hold this domain\./);
    for (const attempt of attempts) expect(attempt.reason ?? '').not.toContain(namecheapFakeCredentials.apiKey);
    expect((await findOrderView(t.services.db, orderId))!.registrar).toBe('Namecheap');
    expect(await sandboxHolds(t, domain)).toBe(0);
  });

  it('a name an earlier run registered at a supplier before dying is found there and completed without registering again', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    await leaveStartedAttempt(t, orderId, 'namecheap', 'register');
    const expires = new Date(Date.UTC(2031, 2, 14));
    fake.seedDomain(domain, { created: new Date(), expires });

    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(creates()).toHaveLength(0);
    expect(await summary(orderId)).toEqual([
      { supplier: 'namecheap', operation: 'register', outcome: 'started' },
      { supplier: 'namecheap', operation: 'check', outcome: 'succeeded' },
    ]);
    const view = await findOrderView(t.services.db, orderId);
    expect(view).toMatchObject({ status: 'completed', registrar: 'Namecheap', expirationDate: expires.toISOString() });
    const row = await t.services.db.selectFrom('domains').selectAll().where('name', '=', domain).executeTakeFirstOrThrow();
    expect(row.supplier_id).toBe('namecheap');
    expect(row.expiration_date).toBe(expires.toISOString());
    expect(await sandboxHolds(t, domain)).toBe(0);
  });

  it('when the supplier of an unfinished earlier call cannot say, nothing is sent elsewhere and the job is retried later', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    await leaveStartedAttempt(t, orderId, 'namecheap', 'register');
    for (let i = 0; i < 3; i += 1) fake.http.override({ body: '', drop: true });

    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect((await orderRow(t, orderId)).status).toBe('processing');
    expect(await summary(orderId)).toEqual([
      { supplier: 'namecheap', operation: 'register', outcome: 'started' },
      { supplier: 'namecheap', operation: 'check', outcome: 'unknown' },
    ]);
    expect(creates()).toHaveLength(0);
    expect(await sandboxHolds(t, domain)).toBe(0);

    // The retry, once Namecheap answers again and had time to finish any call: it does not hold the name, so registration goes on.
    clock.advance(PROCESSING_WINDOW_MS);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect((await findOrderView(t.services.db, orderId))!.registrar).toBe('Namecheap');
  });

  it('the back office\'s chosen supplier is tried first, even when another is cheaper', async () => {
    const orderId = await order(uniqueName());
    expect(await fulfilOrder(t.services, orderId, { forceSupplierId: 'sandbox' })).toBe('completed');
    expect(creates()).toHaveLength(0);
    expect((await findOrderView(t.services.db, orderId))!.registrar).toBe('Sandbox');
  });

  it('a name taken at every supplier fails as no longer available; a mix of refusals gets the general sentence', async () => {
    fake.makeTaken('github.com');
    const taken = await order('github.com');
    expect(await fulfilOrder(t.services, taken)).toBe('failed');
    expect((await orderRow(t, taken)).error).toBe('github.com could not be registered: the name is no longer available.');
    expect(await summary(taken)).toEqual([
      { supplier: 'namecheap', operation: 'register', outcome: 'failed' },
      { supplier: 'sandbox', operation: 'register', outcome: 'failed' },
    ]);

    const domain = `fail-${uniqueName()}`;
    const mixed = await order(domain);
    fake.makeTaken(domain);
    expect(await fulfilOrder(t.services, mixed)).toBe('failed');
    expect((await orderRow(t, mixed)).error).toBe(`No registrar could register ${domain}. Our team has been notified and will retry or refund your payment.`);
  });

  it('a supplier that cannot say is asked again later by the job with a growing delay, never failed over; a run that keeps failing otherwise goes to an operator', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    await leaveStartedAttempt(t, orderId, 'namecheap', 'register');
    let handler: JobHandler<FulfilOrderJob> | undefined;
    const sent: SendOptions[] = [];
    const queue = {
      work: async (_queue: string, registered: JobHandler<FulfilOrderJob>) => { handler = registered; },
      send: async (_queue: string, _payload: object, options: SendOptions) => { sent.push(options); return 'job'; },
    } as unknown as JobQueue;
    await registerFulfilmentWorker(queue, t.services);
    const run = (attempt: number) => {
      for (let i = 0; i < 3; i += 1) fake.http.override({ body: '', drop: true });
      return handler!({ orderId }, { id: 'job-1', attempt, signal: new AbortController().signal });
    };

    await run(1);
    await run(FULFIL_ORDER_JOB_OPTIONS.retryLimit + 1);
    expect((await orderRow(t, orderId)).status).toBe('processing');
    expect(sent.map((options) => [options.singletonKey, options.startAfterSeconds])).toEqual([
      [`${orderId}:recheck:1`, RECHECK_FIRST_SECONDS], [`${orderId}:recheck:2`, 2 * RECHECK_FIRST_SECONDS],
    ]);
    expect(creates()).toHaveLength(0);
    expect(await sandboxHolds(t, domain)).toBe(0);

    // Another run holds the order: the job's own retries run it again, and even the last never parks it under that run.
    const lease = (await takeFulfilLease(t.services, orderId))!;
    await expect(handler!({ orderId }, { id: 'job-2', attempt: 1, signal: new AbortController().signal })).rejects.toBeInstanceOf(FulfilmentDeferred);
    await handler!({ orderId }, { id: 'job-2', attempt: FULFIL_ORDER_JOB_OPTIONS.retryLimit + 1, signal: new AbortController().signal });
    expect((await orderRow(t, orderId)).status).toBe('processing');
    await releaseFulfilLease(t.services.db, orderId, lease);

    // A run stopped by its time limit on its last attempt: an operator takes over.
    const stopped = new AbortController();
    stopped.abort();
    await handler!({ orderId }, { id: 'job-2', attempt: FULFIL_ORDER_JOB_OPTIONS.retryLimit + 1, signal: stopped.signal });
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({
      status: 'requires_manual_processing', payment_status: 'paid',
      error: `We could not confirm the registration of ${domain} with our registrar yet. Our team has been notified and will complete it.`,
    });
    expect(Boolean(row.admin_action_required)).toBe(true);
    expect(creates()).toHaveLength(0);
  });
});
