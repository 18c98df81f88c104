import type { Kysely } from 'kysely';
import type { Database, WorkRunKind } from '../../src/server/db/schema.ts';

export interface StoredWorkRun {
  id: string;
  requestedBy: string | null;
  status: string;
  done: number;
  total: number | null;
  summary: unknown;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The runs of a kind as stored (src/server/jobs/workRuns.ts), in the order they were queued then started. */
export async function workRuns(db: Kysely<Database>, kind: WorkRunKind): Promise<StoredWorkRun[]> {
  const rows = await db.selectFrom('work_runs').selectAll().where('kind', '=', kind).execute();
  const runs = rows.map((r): StoredWorkRun => ({
    id: r.id, requestedBy: r.requested_by, status: r.status, done: Number(r.done), total: r.total === null ? null : Number(r.total),
    summary: r.summary === null ? null : JSON.parse(r.summary), error: r.error,
    createdAt: r.created_at, startedAt: r.started_at, finishedAt: r.finished_at,
  }));
  const order = (run: StoredWorkRun) => `${run.createdAt}|${run.startedAt ?? '~'}`;
  return runs.sort((a, b) => order(a).localeCompare(order(b)));
}
