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
  /** Double the delay on each retry (the first delay is then at least 1 s). */
  retryBackoff?: boolean;
  /** Seconds to wait before the first attempt. */
  startAfterSeconds?: number;
  /**
   * At most one unfinished (waiting, retrying or running) job per queue and key, enforced by a
   * unique index (on pg-boss, its `exclusive` queue policy): a send whose key is taken returns
   * null, also when sends race.
   */
  singletonKey?: string;
  /**
   * Seconds an attempt may run (default 900). Past it the attempt counts as failed and is retried
   * per the policy above; it is also the claim's lease, after which another worker may take a
   * job whose worker died (on pg-boss once its supervisor's next pass sees it, within seconds).
   */
  timeoutSeconds?: number;
}

export interface WorkOptions {
  /** Jobs of this queue run at once in this process (default 1). */
  concurrency?: number;
}

export interface JobContext {
  id: string;
  /** 1 for the first attempt, counting every claim: retries, expired leases and jobs handed back on stop. */
  attempt: number;
  /** Aborted when the attempt timed out or the queue stopped and handed the job back. */
  signal: AbortSignal;
}

export type JobHandler<T = unknown> = (payload: T, job: JobContext) => Promise<void>;

/** One queue's jobs as /metrics shows them. */
export interface QueueStats {
  queue: string;
  /** Created or waiting for a retry, due or not yet. */
  waiting: number;
  running: number;
  /** Failed for good and still kept (pg-boss deletes them after its retention). */
  failed: number;
  /** Seconds the longest-waiting due job has been due, or null when none is due. */
  oldestWaitingSeconds: number | null;
}

/** A feature's own long-running loop (the webhook delivery engine) that runs while the workers do. */
export interface BackgroundLoop {
  start(): void;
  /** Resolves once the loop let go of its work (leases handed back). */
  stop(): Promise<void>;
}

export interface JobQueue {
  send<T extends object>(queue: string, payload: T, options?: SendOptions): Promise<string | null>;
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Sends `payload` to `queue` at every matching minute of a cron expression (five fields, UTC). */
  schedule<T extends object>(queue: string, cron: string, payload: T): Promise<void>;
  /** Starts `loop` with the workers (at once if they already run) and stops it in stop(), before the jobs are handed back. */
  runAlongside(loop: BackgroundLoop): void;
  start(): Promise<void>;
  /**
   * Stops claiming, waits a bounded time for running jobs, then hands the ones still running
   * back instead of leaving them locked until their lease ends: each such attempt ends as
   * failed ("queue stopped") and the job is retried per its policy (at once without a delay).
   */
  stop(): Promise<void>;
  /**
   * Every queue with jobs: counts by state and the oldest due wait. On pg-boss these are its
   * supervisor's figures, refreshed on each pass (every `superviseSeconds`), not a live count.
   */
  queueStats(): Promise<QueueStats[]>;
}

export const DEFAULT_RETRY_LIMIT = 2;
export const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
