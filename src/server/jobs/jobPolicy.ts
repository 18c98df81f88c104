import { DEFAULT_RETRY_LIMIT, DEFAULT_TIMEOUT_SECONDS, type SendOptions } from './queue.ts';

/** A job's retry and time-out rules, as both queues store them. */
export interface JobPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  timeoutSeconds: number;
}

export function jobPolicyOf(options: SendOptions): JobPolicy {
  const retryBackoff = options.retryBackoff ?? false;
  const retryDelaySeconds = wholeNumber(options.retryDelaySeconds ?? 0, 'retryDelaySeconds');
  return {
    retryLimit: wholeNumber(options.retryLimit ?? DEFAULT_RETRY_LIMIT, 'retryLimit'),
    // A doubling delay needs something to double, as in pg-boss.
    retryDelaySeconds: retryBackoff ? Math.max(1, retryDelaySeconds) : retryDelaySeconds,
    retryBackoff,
    timeoutSeconds: timeoutOf(options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
  };
}

/** pg-boss refuses expirations of a day or more; the local queue keeps the same limit. */
function timeoutOf(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds >= MAX_TIMEOUT_SECONDS) {
    throw new Error('timeoutSeconds must be a whole number from 1 to under 24 hours');
  }
  return seconds;
}

const MAX_TIMEOUT_SECONDS = 24 * 3600;

/**
 * Seconds until the next attempt after attempt `attempt` (1-based) failed, or null when it was
 * the last: pg-boss's documented rule, which the jobs table follows so both modes retry alike.
 * With backoff the delay is base x 2^(attempt-1), stretched by a random factor from 1 to 2 so
 * that jobs failing together do not all come back together.
 */
export function retryDelayAfter(policy: Omit<JobPolicy, 'timeoutSeconds'>, attempt: number, random = Math.random): number | null {
  if (attempt > policy.retryLimit) return null;
  if (!policy.retryBackoff) return policy.retryDelaySeconds;
  const doubled = policy.retryDelaySeconds * 2 ** (Math.min(attempt, 16) - 1);
  return doubled * (1 + random());
}

function wholeNumber(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of at least 0`);
  return value;
}
