import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../../test/support/clock.ts';
import { createHold } from '../../../test/support/holds.ts';
import { describeEachDialect, type SharedTestDatabase, sharedTestDatabase } from '../../../test/support/testApp.ts';
import { waitFor } from '../../../test/support/waitFor.ts';
import { workRuns } from '../../../test/support/workRuns.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { inTransaction } from '../db/transaction.ts';
import { notFound } from '../rpc/errors.ts';
import { RUN_ABANDONED, RUN_FAILED, RUN_LEASE_SECONDS, runWork, type WorkRun, type WorkRunDeps } from './workRuns.ts';
import { insertQueuedRun, startRunIfFree } from './workRunStore.ts';

const START = '2025-03-10T10:07:00.000Z';
const at = (seconds: number) => new Date(Date.parse(START) + seconds * 1000).toISOString();

describeEachDialect('work runs', (dialect) => {
  let shared: SharedTestDatabase;
  let handles: DatabaseHandle[];
  let deps: WorkRunDeps;
  let clock: ManualClock;

  beforeAll(async () => {
    shared = await sharedTestDatabase(dialect);
    // Two handles on one database: two processes of one deployment.
    handles = [shared.open(), shared.open()];
    await migrateToLatest(handles[0].db);
    clock = new ManualClock(START);
    deps = { db: handles[0].db, clock, log: Fastify({ logger: false }).log };
  });
  beforeEach(async () => {
    clock.set(START);
    await deps.db.deleteFrom('work_runs').execute();
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await shared.drop();
  });

  const complete = (summary: unknown) => async (run: WorkRun) =>
    inTransaction(deps.db, async (tx) => {
      await run.complete(tx, summary);
      return summary;
    });

  it('goes from running with its progress to succeeded with the summary, and answers the work\'s result', async () => {
    const hold = createHold(10_000);
    const running = runWork(deps, { kind: 'catalog-sync', requestedBy: 'user-1' }, async (run) => {
      run.progress(1, 3);
      await hold.pass();
      clock.advance(2000);
      run.progress(3, 3);
      return complete({ products: 3 })(run);
    });
    await hold.arrived;
    const [during] = await waitFor(async () => {
      const runs = await workRuns(deps.db, 'catalog-sync');
      return runs[0]?.done === 1 ? runs : undefined;
    });
    expect(during).toMatchObject({
      requestedBy: 'user-1', status: 'running', done: 1, total: 3, summary: null, error: null, createdAt: START, startedAt: START, finishedAt: null,
    });
    hold.release();
    expect(await running).toEqual({ products: 3 });
    expect(await workRuns(deps.db, 'catalog-sync')).toEqual([expect.objectContaining({
      status: 'succeeded', done: 3, total: 3, summary: { products: 3 }, error: null, startedAt: START, finishedAt: at(2),
    })]);
  });

  it('ends failed with the error, and the caller gets the error unchanged; an unexpected error\'s text stays in the log', async () => {
    const refusal = notFound('Supplier not found.');
    await expect(runWork(deps, { kind: 'tld-sync', requestedBy: null }, async () => { throw refusal; })).rejects.toBe(refusal);
    const crash = new Error('connect ECONNREFUSED https://user:secret@example.test');
    await expect(runWork(deps, { kind: 'tld-sync', requestedBy: null }, async (run) => {
      run.progress(1, 2);
      throw crash;
    })).rejects.toBe(crash);
    const described = new Error('The payment provider could not be reached.');
    await expect(runWork(deps, { kind: 'tld-sync', requestedBy: null, describeFailure: (e) => (e === described ? described.message : undefined) }, async () => {
      throw described;
    })).rejects.toBe(described);
    expect((await workRuns(deps.db, 'tld-sync')).map(({ status, error, finishedAt }) => ({ status, error, finishedAt }))).toEqual([
      { status: 'failed', error: 'Supplier not found.', finishedAt: START },
      { status: 'failed', error: RUN_FAILED, finishedAt: START },
      { status: 'failed', error: 'The payment provider could not be reached.', finishedAt: START },
    ]);
  });

  it('a work that returns without recording its summary fails', async () => {
    await expect(runWork(deps, { kind: 'tld-sync', requestedBy: null }, async () => 'done')).rejects.toThrow('ended without recording its summary');
    expect(await workRuns(deps.db, 'tld-sync')).toEqual([expect.objectContaining({ status: 'failed', error: RUN_FAILED })]);
  });

  it('runs one run of a kind at a time: a second waits queued, then runs in full; another kind is not held up', async () => {
    const hold = createHold(10_000);
    const first = runWork(deps, { kind: 'tld-sync', requestedBy: 'user-1' }, async (run) => {
      await hold.pass();
      return complete('first')(run);
    });
    await hold.arrived;
    clock.advance(1000);
    let secondStarted = false;
    const second = runWork(deps, { kind: 'tld-sync', requestedBy: 'user-2' }, async (run) => {
      secondStarted = true;
      return complete('second')(run);
    });
    await waitFor(async () => ((await workRuns(deps.db, 'tld-sync')).length === 2 ? true : undefined));
    expect(await runWork(deps, { kind: 'catalog-sync', requestedBy: null }, complete('other kind'))).toBe('other kind');
    expect(secondStarted).toBe(false);
    expect((await workRuns(deps.db, 'tld-sync')).map((r) => [r.requestedBy, r.status])).toEqual([['user-1', 'running'], ['user-2', 'queued']]);

    clock.advance(1000);
    hold.release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    const [one, two] = await workRuns(deps.db, 'tld-sync');
    expect(one).toMatchObject({ status: 'succeeded', summary: 'first', finishedAt: at(2) });
    expect(two).toMatchObject({ status: 'succeeded', summary: 'second', createdAt: at(1), startedAt: at(2) });
  });

  it('a run whose process stopped (its lease passed) is closed as failed, and the next run of the kind goes on', async () => {
    await insertQueuedRun(deps.db, { id: 'gone', kind: 'catalog-sync', requestedBy: null, at: START, leaseUntil: at(RUN_LEASE_SECONDS) });
    expect(await startRunIfFree(deps.db, { id: 'gone', kind: 'catalog-sync', at: START, leaseUntil: at(RUN_LEASE_SECONDS) })).toBe(true);
    clock.advance(RUN_LEASE_SECONDS * 1000 + 1);
    expect(await runWork(deps, { kind: 'catalog-sync', requestedBy: null }, complete('next'))).toBe('next');
    expect((await workRuns(deps.db, 'catalog-sync')).map(({ id, status, error }) => ({ id, status, error }))).toEqual([
      { id: 'gone', status: 'failed', error: RUN_ABANDONED },
      { id: expect.any(String), status: 'succeeded', error: null },
    ]);
  });

  it('the database lets one of two processes start a run of a kind, also when both ask at once', async () => {
    for (const id of ['a', 'b']) await insertQueuedRun(deps.db, { id, kind: 'tld-sync', requestedBy: null, at: START, leaseUntil: at(60) });
    const started = await Promise.all(['a', 'b'].map((id, i) => startRunIfFree(handles[i].db, { id, kind: 'tld-sync', at: START, leaseUntil: at(60) })));
    expect(started.filter(Boolean)).toHaveLength(1);
    expect((await workRuns(deps.db, 'tld-sync')).map((r) => r.status).sort()).toEqual(['queued', 'running']);
  });
});
