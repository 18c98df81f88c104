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
  const retryDelaySeconds = wholeSeconds(options.retryDelaySeconds ?? 0, 'retryDelaySeconds');
  return {
    retryLimit: wholeSeconds(options.retryLimit ?? DEFAULT_RETRY_LIMIT, 'retryLimit'),
    // A doubling delay needs something to double, as in pg-boss.
    retryDelaySeconds: retryBackoff ? Math.max(1, retryDelaySeconds) : retryDelaySeconds,
    retryBackoff,
    timeoutSeconds: Math.max(1, wholeSeconds(options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, 'timeoutSeconds')),
  };
}

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

function wholeSeconds(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of at least 0`);
  return value;
}
