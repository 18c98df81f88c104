import type { Tx } from '../db/transaction.ts';

/** Background jobs: pg-boss in the scaled mode, an in-process runner over the jobs table when embedded. */
export interface SendOptions {
  /**
   * The caller's unit of work: the job is written in it, so it exists exactly when the write
   * that caused it committed, and workers are woken only after that commit.
   */
  tx?: Tx;
  /** How many times a failed job is retried (default 2). */
  retryLimit?: number;
  /** Seconds before the first retry (default 0). */
  retryDelaySeconds?: number;
  /** Double the delay on each retry. */
  retryBackoff?: boolean;
  /** Seconds to wait before the first attempt. */
  startAfterSeconds?: number;
  /** At most one queued job per key. */
  singletonKey?: string;
}

export type JobHandler<T = unknown> = (payload: T, job: { id: string; attempt: number }) => Promise<void>;

export interface JobQueue {
  send<T extends object>(queue: string, payload: T, options?: SendOptions): Promise<string | null>;
  work<T>(queue: string, handler: JobHandler<T>): Promise<void>;
  /** Runs `queue` with `payload` on a cron schedule (five fields, UTC). */
  schedule<T extends object>(queue: string, cron: string, payload: T): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
