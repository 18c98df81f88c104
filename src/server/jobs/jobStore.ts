import type { JobPolicy } from './jobPolicy.ts';

/** A job as one worker claimed it; `attempt` is the claim: every write about it names it. */
export interface ClaimedJob extends JobPolicy {
  id: string;
  queue: string;
  payload: unknown;
  attempt: number;
}

/**
 * Where a queue keeps its jobs (the jobs table, or pg-boss's). Every write after the claim is
 * guarded by the job's id, its running state and the claim's attempt number, so a worker that
 * lost its claim (lease expired, job retried elsewhere) changes nothing; each returns whether it
 * still held the claim.
 */
export interface JobStore {
  claim(queue: string, limit: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob): Promise<boolean>;
  /** Retry after `retryInSeconds`, or fail for good when it is null. */
  fail(job: ClaimedJob, error: string, retryInSeconds: number | null): Promise<boolean>;
  /** Hands a running job back: claimable at once, this attempt not counted. */
  release(job: ClaimedJob): Promise<boolean>;
  /** Running jobs of these queues whose lease (start plus time-out) is over: their worker is gone or stuck. */
  expired(queues: string[]): Promise<ClaimedJob[]>;
}
