import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { seedSandboxSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { type RegisterRequest, RegistrarError } from '../../../integrations/registrars/registrar.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { FulfilmentDeferred, PROCESSING_WINDOW_MS } from './calls.ts';
import { fulfilOrder } from './job.ts';
import { FULFIL_LEASE_MS } from './lease.ts';
import { attemptsOf, leaveStartedAttempt, paidOrder, sandboxHolds, uniqueName, type WatchedRegistrar, watchRegistrar } from '../../../../../test/support/domains/fulfilment.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { findOrderView } from '../orders/repository.ts';

/** A run cut off after the sandbox registered the name but before the order heard of it. */
describeEachDialect('the registration job after a run was cut off', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  let watched: WatchedRegistrar | null = null;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock });
    a = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
  });
  afterEach(() => { watched?.restore(); watched = null; });
  afterAll(async () => { await t.stop(); });

  const order = (domain: string) => paidOrder(t, { accountId: a.accountId, userId: a.member.id, domain });
  const summary = async (orderId: string) => (await attemptsOf(t, orderId)).map((x) => `${x.supplier_id} ${x.operation} ${x.outcome}`);

  it('a worker that died mid-registration leaves a started attempt; the next run finds the name held, completes, and registers nothing again', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    let died = false;
    watched = watchRegistrar(t, 'sandbox', {
      register: async (request: RegisterRequest) => {
        const registered = await watched!.real.register(request);
        if (died) return registered;
        died = true;
        // The process is gone: no answer ever reaches the job, and it writes nothing more.
        return new Promise<never>(() => {});
      },
    });
    void fulfilOrder(t.services, orderId);
    await waitFor(async () => (died && (await summary(orderId)).length === 1 ? true : undefined));
    expect(await summary(orderId)).toEqual(['sandbox register started']);
    expect(await sandboxHolds(t, domain)).toBe(1);

    // The dead run's lease keeps every other run out until it ends.
    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect(await summary(orderId)).toEqual(['sandbox register started']);
    clock.advance(FULFIL_LEASE_MS);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(watched.calls.register).toBe(1);
    expect(await summary(orderId)).toEqual(['sandbox register started', 'sandbox check succeeded']);
    const info = await watched.real.getInfo(domain);
    expect(await findOrderView(t.services.db, orderId)).toMatchObject({ status: 'completed', registrar: 'Sandbox', expirationDate: info.expiresAt });
    expect(await sandboxHolds(t, domain)).toBe(1);
    const row = await t.services.db.selectFrom('domains').select(['nameservers', 'account_id']).where('name', '=', domain).executeTakeFirstOrThrow();
    expect(row.account_id).toBe(a.accountId);
    expect(JSON.parse(row.nameservers)).toEqual(info.nameservers);
  });

  it('a job whose time ran out mid-registration stops without trying elsewhere; its retry finds the name and completes', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    const timeUp = new AbortController();
    watched = watchRegistrar(t, 'sandbox', {
      register: async (request: RegisterRequest) => {
        await watched!.real.register(request);
        timeUp.abort();
        // The answer was on its way when the job's time-out cut the call.
        throw new RegistrarError('unavailable', 'The sandbox registrar\'s register was cancelled.', { registrar: 'sandbox', command: 'register' });
      },
    });
    await expect(fulfilOrder(t.services, orderId, { signal: timeUp.signal })).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect(await summary(orderId)).toEqual(['sandbox register unknown']);
    expect((await findOrderView(t.services.db, orderId))!.status).toBe('processing');

    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(watched.calls.register).toBe(1);
    expect(await summary(orderId)).toEqual(['sandbox register unknown', 'sandbox check succeeded']);
    expect(await sandboxHolds(t, domain)).toBe(1);
  });

  it('a started attempt whose call never reached the supplier: "not found" is no answer until the supplier had time to finish, then the name is registered once', async () => {
    const domain = uniqueName();
    const orderId = await order(domain);
    await leaveStartedAttempt(t, orderId, 'sandbox', 'register');
    watched = watchRegistrar(t, 'sandbox');
    await expect(fulfilOrder(t.services, orderId)).rejects.toBeInstanceOf(FulfilmentDeferred);
    expect(watched.calls.register).toBe(0);
    clock.advance(PROCESSING_WINDOW_MS);
    expect(await fulfilOrder(t.services, orderId)).toBe('completed');
    expect(watched.calls.register).toBe(1);
    expect(await summary(orderId)).toEqual(['sandbox register started', 'sandbox check unknown', 'sandbox check failed', 'sandbox register succeeded']);
  });

  it('a name the supplier holds for another account is not handed over: the order goes on and fails as taken', async () => {
    const other = await accountWithMembers(t);
    const held = await seedDomain(t.services, other.accountId);
    const orderId = await order(held.name);
    await leaveStartedAttempt(t, orderId, 'sandbox', 'register');

    expect(await fulfilOrder(t.services, orderId)).toBe('failed');
    expect(await summary(orderId)).toEqual(['sandbox register started', 'sandbox check succeeded', 'sandbox register failed']);
    expect((await findOrderView(t.services.db, orderId))!.error).toBe(`${held.name} could not be registered: the name is no longer available.`);
    const row = await t.services.db.selectFrom('domains').select('account_id').where('name', '=', held.name).executeTakeFirstOrThrow();
    expect(row.account_id).toBe(other.accountId);
  });
});
