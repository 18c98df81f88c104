import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, DefaultedTimestamp, DefaultedBool } from './columns.ts';

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  queue: string;
  payload: string;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  /** Claims so far; the running claim's number guards every write about it. */
  attempts: Generated<number>;
  retry_limit: Generated<number>;
  retry_delay_seconds: Generated<number>;
  retry_backoff: DefaultedBool;
  singleton_key: string | null;
  run_at: Timestamp;
  /** Per attempt; also the lease: a running job whose started_at + timeout_seconds passed is recovered. */
  timeout_seconds: Generated<number>;
  started_at: Timestamp | null;
  last_error: string | null;
  created_at: DefaultedTimestamp;
  completed_at: Timestamp | null;
}

export interface JobSchedulesTable {
  name: string;
  cron: string;
  payload: string;
  next_run_at: Timestamp;
}

export type WorkRunKind = 'catalog-sync' | 'tld-sync' | 'portfolio-sync' | 'whmcs-import'
  /** One supplier's domain list into the inventory (one run per supplier at a time). */
  | `domain-sync:${string}`;
export type WorkRunStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** Long work as a run: its progress while it goes, its summary or error at the end (src/server/jobs/workRuns.ts). */
export interface WorkRunsTable {
  id: string;
  kind: WorkRunKind;
  /** The operator who asked; null for the system's runs (the daily job, the first start). */
  requested_by: string | null;
  status: WorkRunStatus;
  done: Generated<number>;
  /** Null while the run does not know its size yet. */
  total: number | null;
  /** JSON of what the run answered, once it succeeded. */
  summary: string | null;
  error: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Renewed while the run's process works on it; past it the run counts as abandoned. */
  lease_until: Timestamp | null;
}

/** The jobs tables, owned by jobs (tools/eslint/tableOwners.js). */
export interface JobTables {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  work_runs: WorkRunsTable;
}
