import { FunctionCallError } from './functionCallError.ts';

/**
 * Every text the web shows for a failed call, from the spec's client error catalogue
 * (customer-portal.md, section 8), in one place.
 */

/** Lower-case codes as the spec's client names them, by HTTP status; anything else is 'unknown'. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'invalid-argument', 401: 'unauthenticated', 403: 'permission-denied', 404: 'not-found',
  409: 'aborted', 429: 'resource-exhausted', 499: 'cancelled', 500: 'internal', 501: 'unimplemented',
  503: 'unavailable', 504: 'deadline-exceeded',
};

export function codeForStatus(status: number): string {
  return CODE_BY_STATUS[status] ?? 'unknown';
}

export const CLIENT_TEXTS = {
  invalidBody: 'Response is not valid JSON object.',
  missingData: 'Response is missing data field.',
  timedOut: 'The request timed out. Please try again.',
  unreachable: 'Could not reach the server. Please check your connection.',
} as const;

/** What went wrong, in words: the server's message (already the spec's text) or the error itself. */
export function errorDetail(error: unknown): string {
  if (error instanceof Error) return error.message || (error instanceof FunctionCallError ? error.code : 'Unknown error');
  return String(error);
}

/** The spec's "{action}: {message}" form, e.g. 'Failed to update role: {message}'. */
export function failureText(action: string, error: unknown): string {
  return `${action}: ${errorDetail(error)}`;
}

const codeOf = (error: unknown) => (error instanceof FunctionCallError ? error.code : 'unknown');
const isUnreachable = (code: string) => code === 'unavailable' || code === 'deadline-exceeded';

/** Dashboard (section 8): the membership's account is gone, the services are down, or anything else. */
export function dashboardLoadText(error: unknown): string {
  const code = codeOf(error);
  if (code === 'not-found' || code === 'permission-denied') return 'Could not load account details for your membership.';
  if (isUnreachable(code)) return 'Failed to load dashboard services. Please refresh.';
  return 'Could not load all dashboard data.';
}

/** Account settings (section 8): not found or no longer a member both mean the account is not there for this user. */
export function accountSettingsLoadText(error: unknown): string {
  const code = codeOf(error);
  if (code === 'not-found' || code === 'permission-denied') return 'The active account could not be found.';
  return 'Failed to load account details.';
}
