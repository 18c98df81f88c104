import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { setSupplierActive } from '../../../../../test/support/domains/pricing.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { workRuns } from '../../../../../test/support/workRuns.ts';
import { ensureDomainPricing } from './supplierSync.ts';

const synced = (name: string, tldCount: number) => ({ name, status: 'success', tldCount, newTlds: expect.any(Number), updatedTlds: expect.any(Number), error: null, syncedAt: expect.any(String) });

/**
 * A TLD sync is a 'tld-sync' run (issue 17): progress per supplier that answered, the call's
 * answer as summary. One runs at a time: an operator's second sync waits queued for the first,
 * then runs in full and answers its own result, as it did when both ran side by side.
 */
describeEachDialect('the TLD sync as a work run', (dialect) => {
  let dynadot: FakeDynadot;
  let t: TestApp;
  let operator: TestUser;
  const clock = new ManualClock();

  beforeAll(async () => {
    dynadot = await startFakeDynadot();
    t = await startTestApp(dialect, { env: { DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url }, clock });
    operator = await signUpOperator(t);
  });
  afterAll(async () => {
    await t.stop();
    await dynadot.close();
  });

  it('the first start\'s sync is a run of the system\'s, with its summary', async () => {
    await ensureDomainPricing(t.services);
    const [run] = await workRuns(t.services.db, 'tld-sync');
    expect(run).toMatchObject({ requestedBy: null, status: 'succeeded', done: 1, total: 1, error: null });
    // The spec's result shape, as an operator's call answers it; the run's id stands for the request.
    expect(run.summary).toEqual({
      success: true,
      summary: { totalSuppliers: 1, successfulSuppliers: 1, failedSuppliers: 0, totalTlds: 5, newTlds: 5, updatedTlds: 0 },
      suppliers: { dynadot: synced('Dynadot', 5) },
      errors: [],
      requestId: run.id,
      message: 'TLD sync completed. Check logs for details.',
    });
  });

  it('counts the suppliers that answered while one is still listing; a second sync waits queued, then runs; each answers its own result', async () => {
    await setSupplierActive(t, 'sandbox', true);
    clock.advance(1000);
    const hold = dynadot.http.hold(10_000);
    const full = t.call('syncSupplierTlds', {}, operator);
    await hold.arrived;
    const [, during] = await waitFor(async () => {
      const runs = await workRuns(t.services.db, 'tld-sync');
      return runs[1]?.done === 1 ? runs : undefined;
    });
    expect(during).toMatchObject({ requestedBy: operator.id, status: 'running', done: 1, total: 2, summary: null });

    clock.advance(1000);
    const sandboxOnly = t.call('syncSupplierTlds', { supplierId: 'sandbox' }, operator);
    const [,, queued] = await waitFor(async () => {
      const runs = await workRuns(t.services.db, 'tld-sync');
      return runs.length === 3 ? runs : undefined;
    });
    expect(queued).toMatchObject({ requestedBy: operator.id, status: 'queued', startedAt: null });

    clock.advance(1000);
    hold.release();
    const [first, second] = await Promise.all([full, sandboxOnly]);
    expect(first.status).toBe(200);
    expect(first.result.suppliers).toEqual({ dynadot: synced('Dynadot', 5), sandbox: synced('Sandbox', 13) });
    expect(second.status).toBe(200);
    expect(second.result.suppliers).toEqual({ sandbox: synced('Sandbox', 13) });

    const [, one, two] = await workRuns(t.services.db, 'tld-sync');
    expect(one).toMatchObject({ status: 'succeeded', done: 2, total: 2, summary: first.result, finishedAt: clock.nowIso() });
    expect(two).toMatchObject({ status: 'succeeded', done: 1, total: 1, summary: second.result, startedAt: clock.nowIso() });
    expect(Date.parse(two.createdAt)).toBeLessThan(Date.parse(one.finishedAt!));
    // Both ended at the same (manual) time: the entries' order is not the point, each sync's entry is.
    expect((await auditEntries(t, 'domains.tld_sync')).map((e) => `${e.actorUserId}:${e.targetId}`).sort()).toEqual(
      ['null:null', `${operator.id}:null`, `${operator.id}:sandbox`].sort(),
    );
  });

  it('an unknown supplier is NOT_FOUND before any run starts', async () => {
    const before = (await workRuns(t.services.db, 'tld-sync')).length;
    expect((await t.call('syncSupplierTlds', { supplierId: 'nobody' }, operator)).status).toBe(404);
    expect(await workRuns(t.services.db, 'tld-sync')).toHaveLength(before);
  });
});
