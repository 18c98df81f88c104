import type { JobPolicy } from './jobPolicy.ts';
import type { QueueStats } from './queue.ts';

/** A job as one worker claimed it; `attempt` is the claim: every write about it names it. */
export interface ClaimedJob extends JobPolicy {
  id: string;
  queue: string;
  payload: unknown;
  attempt: number;
}

/**
 * Where a queue keeps its jobs (the jobs table, or pg-boss). Every write after the claim names
 * the job's id and the claim's attempt, and takes effect only while that attempt still runs, so
 * a worker that lost its claim (lease expired, job retried elsewhere) changes nothing; each
 * returns whether it still held the claim.
 */
export interface JobStore {
  claim(queue: string, limit: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob): Promise<boolean>;
  /**
   * Ends the attempt as failed: the job waits for its next attempt after its retry delay (with
   * backoff, doubled and jittered as pg-boss does), or fails for good after its last.
   */
  fail(job: ClaimedJob, error: string): Promise<boolean>;
  /**
   * Running jobs of these queues whose lease (start plus time-out) is over. Only the jobs table
   * needs this; pg-boss's supervisor expires leases itself.
   */
  expired?(queues: string[]): Promise<ClaimedJob[]>;
  stats(): Promise<QueueStats[]>;
}
