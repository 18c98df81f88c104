import type { Kysely } from 'kysely';
import type { Database, WorkRunKind } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';

const OPEN = ['queued', 'running'] as const;

/** The work_runs table (Kysely only): a run's row from queued to its end. */
export async function insertQueuedRun(db: Kysely<Database>, run: { id: string; kind: WorkRunKind; requestedBy: string | null; at: string; leaseUntil: string }) {
  await db.insertInto('work_runs').values({
    id: run.id, kind: run.kind, requested_by: run.requestedBy, status: 'queued', total: null, summary: null, error: null,
    created_at: run.at, started_at: null, finished_at: null, lease_until: run.leaseUntil,
  }).execute();
}

/** Runs of the kind whose process stopped renewing their lease end as failed, freeing the kind for the others. */
export async function closeAbandonedRuns(db: Kysely<Database>, kind: WorkRunKind, at: string, error: string): Promise<void> {
  await db.updateTable('work_runs').set({ status: 'failed', error, finished_at: at, lease_until: null })
    .where('kind', '=', kind).where('status', 'in', OPEN).where('lease_until', '<', at)
    .execute();
}

/**
 * The queued run starts if no run of its kind is running. The unique index on running runs per
 * kind decides between two processes that both saw none (PostgreSQL): the later one is refused.
 */
export async function startRunIfFree(db: Kysely<Database>, run: { id: string; kind: WorkRunKind; at: string; leaseUntil: string }): Promise<boolean> {
  try {
    const started = await db.updateTable('work_runs').set({ status: 'running', started_at: run.at, lease_until: run.leaseUntil })
      .where('id', '=', run.id).where('status', '=', 'queued')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('work_runs as other').select('other.id')
        .where('other.kind', '=', run.kind).where('other.status', '=', 'running'))))
      .executeTakeFirst();
    return Number(started.numUpdatedRows) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function renewRunLease(db: Kysely<Database>, id: string, leaseUntil: string): Promise<void> {
  await db.updateTable('work_runs').set({ lease_until: leaseUntil }).where('id', '=', id).where('status', 'in', OPEN).execute();
}

/** Only while running: a late progress write never overwrites the run's end. */
export async function recordRunProgress(db: Kysely<Database>, id: string, done: number, total: number | null): Promise<void> {
  await db.updateTable('work_runs').set({ done, total }).where('id', '=', id).where('status', '=', 'running').execute();
}

/** In the unit of work that commits the run's result, so the summary stands or falls with it. */
export async function recordRunSuccess(db: Db, id: string, end: { done: number; total: number | null; summary: unknown; at: string }): Promise<void> {
  await db.updateTable('work_runs').set({
    status: 'succeeded', done: end.done, total: end.total, summary: JSON.stringify(end.summary), error: null, finished_at: end.at, lease_until: null,
  }).where('id', '=', id).execute();
}

export async function recordRunFailure(db: Kysely<Database>, id: string, error: string, at: string): Promise<void> {
  await db.updateTable('work_runs').set({ status: 'failed', error, finished_at: at, lease_until: null })
    .where('id', '=', id).where('status', 'in', OPEN).execute();
}

/** PostgreSQL's unique_violation, or better-sqlite3's. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export interface WorkRunView {
  id: string;
  status: string;
  done: number;
  total: number | null;
  requestedBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** The run's answer (parsed JSON), once it succeeded. */
  summary: unknown;
}

/** The newest run of a kind, whatever its state, for the page that shows it. */
export async function latestRun(db: Kysely<Database>, kind: WorkRunKind): Promise<WorkRunView | null> {
  const row = await db.selectFrom('work_runs').selectAll().where('kind', '=', kind).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id, status: row.status, done: row.done, total: row.total, requestedBy: row.requested_by, createdAt: row.created_at,
    startedAt: row.started_at, finishedAt: row.finished_at, error: row.error, summary: row.summary ? JSON.parse(row.summary) as unknown : null,
  };
}
