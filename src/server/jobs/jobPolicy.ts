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
 * the last. Computed here for both queues, without pg-boss's jitter, so retries land at the same
 * times in both modes.
 */
export function retryDelayAfter(policy: Omit<JobPolicy, 'timeoutSeconds'>, attempt: number): number | null {
  if (attempt > policy.retryLimit) return null;
  if (!policy.retryBackoff) return policy.retryDelaySeconds;
  return policy.retryDelaySeconds * 2 ** Math.min(attempt - 1, 16);
}

function wholeNumber(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of at least 0`);
  return value;
}
