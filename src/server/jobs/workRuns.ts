import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database, WorkRunKind } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { FunctionError } from '../rpc/errors.ts';
export { latestRun, type WorkRunView } from './workRunStore.ts';
import {
  closeAbandonedRuns, insertQueuedRun, recordRunFailure, recordRunProgress, recordRunSuccess, renewRunLease, startRunIfFree,
} from './workRunStore.ts';

/** Business time a run (queued or running) stays claimed without its process renewing it. */
export const RUN_LEASE_SECONDS = 60;
/** Real time between renewals: several per lease, so a slow query does not lose it. */
const RENEW_EVERY_MS = 15_000;
/** Real time between looks at the database while another process's run of the kind goes on. */
const RECHECK_EVERY_MS = 1_000;

export const RUN_ABANDONED = 'The run stopped with the process that ran it.';
export const RUN_FAILED = 'The run failed unexpectedly; the server log has the details.';

export interface WorkRun {
  readonly id: string;
  /** `done` steps of `total` (null while unknown). Written in the background, the latest value winning; never waits. */
  progress(done: number, total: number | null): void;
  /** The run's end, written in the unit of work that commits its result: the summary stands or falls with it. */
  complete(tx: Tx, summary: unknown): Promise<void>;
}

export interface WorkRunRequest {
  kind: WorkRunKind;
  /** The operator who asked, or null for the system's own runs. */
  requestedBy: string | null;
  /**
   * A failure's text on the row when the error is meant for people (a FunctionError's always is);
   * any other failure gets RUN_FAILED there and its details in the log.
   */
  describeFailure?: (error: unknown) => string | undefined;
}

export interface WorkRunDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
}

// Runs of this process wake its waiters of the same kind at once; another process's are seen by RECHECK_EVERY_MS.
const runEnded = new EventEmitter().setMaxListeners(0);
const endings = new Map<WorkRunKind, number>();

/**
 * Long work as a run (issue 17): a row that is queued, then running with its progress, then
 * succeeded with the summary or failed with the error. One run of a kind runs at a time across
 * every process; the others wait their turn, queued, and then run in full: each caller gets its
 * own result, as if it had been alone. The work runs here, in the caller's process (the function
 * that asked waits for its answer); `work`'s result or error is the caller's, unchanged.
 */
export async function runWork<T>(deps: WorkRunDeps, request: WorkRunRequest, work: (run: WorkRun) => Promise<T>): Promise<T> {
  const { db, clock, log } = deps;
  const { kind } = request;
  const id = randomUUID();
  const leaseUntil = () => new Date(clock.now().getTime() + RUN_LEASE_SECONDS * 1000).toISOString();
  await insertQueuedRun(db, { id, kind, requestedBy: request.requestedBy, at: clock.nowIso(), leaseUntil: leaseUntil() });
  const renewal = setInterval(() => {
    renewRunLease(db, id, leaseUntil()).catch((error: unknown) => log.warn({ err: error, run: id }, 'work run lease not renewed'));
  }, RENEW_EVERY_MS);
  renewal.unref();
  const progress = progressWriter(db, id, log);
  let completed = false;
  try {
    await waitForTurn(deps, { id, kind, leaseUntil });
    const result = await work({
      id,
      progress: progress.report,
      async complete(tx, summary) {
        await recordRunSuccess(tx.db, id, { ...progress.latest(), summary, at: clock.nowIso() });
        completed = true;
      },
    });
    if (!completed) throw new Error(`work run ${kind} ended without recording its summary`);
    return result;
  } catch (error) {
    const described = error instanceof FunctionError ? error.message : request.describeFailure?.(error);
    if (described === undefined) log.error({ err: error, run: id, kind }, 'work run failed');
    await recordRunFailure(db, id, described ?? RUN_FAILED, clock.nowIso())
      .catch((failure: unknown) => log.error({ err: failure, run: id }, 'work run failure not recorded'));
    throw error;
  } finally {
    clearInterval(renewal);
    await progress.settled();
    endings.set(kind, (endings.get(kind) ?? 0) + 1);
    runEnded.emit(kind);
  }
}

async function waitForTurn(deps: WorkRunDeps, run: { id: string; kind: WorkRunKind; leaseUntil: () => string }): Promise<void> {
  const { db, clock } = deps;
  for (;;) {
    const seen = endings.get(run.kind) ?? 0;
    await closeAbandonedRuns(db, run.kind, clock.nowIso(), RUN_ABANDONED);
    if (await startRunIfFree(db, { id: run.id, kind: run.kind, at: clock.nowIso(), leaseUntil: run.leaseUntil() })) return;
    // A run of this process that ended meanwhile freed the kind: look again at once.
    if ((endings.get(run.kind) ?? 0) !== seen) continue;
    await nextLook(run.kind);
  }
}

function nextLook(kind: WorkRunKind): Promise<void> {
  return new Promise((resolve) => {
    const look = () => {
      clearTimeout(timer);
      runEnded.off(kind, look);
      resolve();
    };
    const timer = setTimeout(look, RECHECK_EVERY_MS);
    runEnded.on(kind, look);
  });
}

/** One progress write at a time, each with the latest value reported: a fast run does not queue a write per step. */
function progressWriter(db: Kysely<Database>, id: string, log: FastifyBaseLogger) {
  let latest: { done: number; total: number | null } = { done: 0, total: null };
  let pending = false;
  let writing: Promise<void> | null = null;
  const drain = async () => {
    while (pending) {
      pending = false;
      const { done, total } = latest;
      await recordRunProgress(db, id, done, total).catch((error: unknown) => log.warn({ err: error, run: id }, 'work run progress not written'));
    }
    writing = null;
  };
  return {
    report(done: number, total: number | null) {
      latest = { done, total };
      pending = true;
      writing ??= drain();
    },
    latest: () => latest,
    settled: async () => { await writing; },
  };
}
