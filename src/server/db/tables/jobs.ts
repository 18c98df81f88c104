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

/** The jobs tables, owned by jobs (tools/eslint/tableOwners.js). */
export interface JobTables {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
}
