/** Texts and rules of impersonation (spec back-office §4 Impersonation, §8, issue 8); no zod here, pages import it. */

export const DEFAULT_IMPERSONATION_REASON = 'Administrative access';
export const IMPERSONATION_REASON_MAX = 500;
export const IMPERSONATION_REASON_TOO_LONG = `The reason must be at most ${IMPERSONATION_REASON_MAX} characters.`;
export const IMPERSONATION_ACCOUNT_REQUIRED = 'Choose the account to act as.';
/** Issue 8: an impersonation ends by itself after one hour. */
export const IMPERSONATION_LIFETIME_MS = 60 * 60 * 1000;

export const START_IMPERSONATION_FAILED = 'Failed to start impersonation';
export const STOP_IMPERSONATION_FAILED = 'Failed to exit impersonation';
export const IMPERSONATE_LABEL = 'Impersonate';
export const EXIT_IMPERSONATION_LABEL = 'Exit impersonation';
export const NO_ACCOUNT_TO_IMPERSONATE = 'This user belongs to no account, so there is nothing to act as.';

const LIFETIME_MINUTES = IMPERSONATION_LIFETIME_MS / 60_000;

/** The banner's time left, in whole minutes, between 0 and 60: a browser clock behind the server's must not show more than the hour. */
export function minutesLeft(startedAt: string, now: number): number {
  const left = Math.ceil((Date.parse(startedAt) + IMPERSONATION_LIFETIME_MS - now) / 60_000);
  return Math.min(LIFETIME_MINUTES, Math.max(0, left));
}
