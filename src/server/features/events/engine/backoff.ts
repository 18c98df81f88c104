/**
 * When the next attempt goes out: the webhook's backoff (exponential with jitter, linear,
 * fixed, between its initial and max delay), lengthened by the receiver's `Retry-After`.
 */
export type BackoffStrategy = 'exponential' | 'linear' | 'fixed';

/** A receiver may push a retry back at most this far (docs/decisions.md: Retry-After bounds). */
export const RETRY_AFTER_CAP_MS = 60 * 60 * 1000;

export interface RetryPolicy {
  strategy: string;
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Delay before retry number `retry` (1 = the first retry). */
export function backoffDelayMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const initial = Math.max(0, policy.initialDelayMs);
  const max = Math.max(initial, policy.maxDelayMs);
  if (policy.strategy === 'fixed') return initial;
  if (policy.strategy === 'linear') return Math.min(max, initial * retry);
  // ±20 % around the doubled delay, kept inside [initial, max]: retries of many deliveries that
  // failed together spread out instead of arriving at the receiver at the same instant.
  const base = Math.min(max, initial * 2 ** Math.min(retry - 1, 40));
  return Math.round(Math.min(max, Math.max(initial, base * (0.8 + 0.4 * random()))));
}

/** `Retry-After` in milliseconds from `now` (delta seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

/** The policy's delay, or the receiver's if it asked for longer, up to the cap. */
export function nextDelayMs(policy: RetryPolicy, retry: number, retryAfter: number | null, random?: () => number): number {
  const policyDelay = backoffDelayMs(policy, retry, random);
  if (retryAfter === null) return policyDelay;
  return Math.max(policyDelay, Math.min(retryAfter, RETRY_AFTER_CAP_MS));
}
