import { ACCOUNT_DISABLED } from '../../common/admin/users/texts.ts';
import {
  PASSWORD_TOO_COMMON, PASSWORD_TOO_GUESSABLE, SIGN_IN_DELAYED, SIGN_IN_LOCKED,
} from '../../common/auth/accountProtectionTexts.ts';
import { AuthError } from './auth.ts';
import { FunctionCallError } from './functionCallError.ts';

/**
 * Every text the web shows for a failed call, from the spec's client error catalogue
 * (customer-portal.md, section 8), in one place: the callable functions' codes first, then
 * better-auth's (sign-in, sign-up, Google, password reset).
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

/**
 * A 429 (resource-exhausted) without the server's own sentence, e.g. from a proxy in front of the
 * portal: the wait comes from Retry-After, in seconds or as an HTTP date.
 */
export function tooManyRequestsText(retryAfter: string | null, now = Date.now()): string {
  const value = retryAfter?.trim() ?? '';
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Too many requests. Please wait a moment and try again.';
  return `Too many requests. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
}

/** The portal's configuration (`GET /api/config`) could not be loaded (invitations, section 8). */
export const CORE_SERVICES_FAILED = 'Core services failed to load. Please refresh.';

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

// better-auth: sign-in, sign-up, Google and password reset, keyed by its codes and statuses.

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
export const AUTH_NOT_READY = 'Authentication service not ready.';
const INVALID_EMAIL = 'Please enter a valid email address.';
const PASSWORD_TOO_WEAK = 'Password is too weak. Please choose a stronger password.';
/** The success of a reset request (profile, section 8), shown by the sign-in page and the profile alike. */
export const RESET_EMAIL_SENT = 'Password reset email sent! Please check your inbox.';

/** Failures every auth form reads the same way: rate limit and an unreachable server. */
function commonAuthText(error: unknown): string | null {
  if (!(error instanceof AuthError)) return null;
  if (error.status === 429) return TOO_MANY_ATTEMPTS;
  if (error.status === 0) return AUTH_NOT_READY;
  if (error.code === 'INVALID_EMAIL') return INVALID_EMAIL;
  return null;
}

/** The server's own sentence for a password it refused as common or guessable (passwordPolicy.ts). */
function weakPasswordText(error: unknown): string | null {
  if (error instanceof AuthError && (error.code === PASSWORD_TOO_COMMON || error.code === PASSWORD_TOO_GUESSABLE)) return error.message;
  return null;
}

export function signInErrorText(error: unknown): string {
  // This account's failed sign-ins (signInThrottle.ts): the sentence says how long to wait, unlike a per-address 429.
  if (error instanceof AuthError && (error.code === SIGN_IN_DELAYED || error.code === SIGN_IN_LOCKED)) return error.message;
  const common = commonAuthText(error);
  if (common) return common;
  if (error instanceof AuthError && (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401)) {
    return 'Invalid email or password.';
  }
  // Set by the session hook in betterAuth.ts, after the password was right.
  if (error instanceof AuthError && error.code === 'ACCOUNT_DISABLED') return ACCOUNT_DISABLED;
  return 'Login failed. Please check your credentials.';
}

export function signUpErrorText(error: unknown): string {
  const common = commonAuthText(error);
  if (common) return common;
  if (error instanceof AuthError) {
    if (error.code === 'USER_ALREADY_EXISTS' || error.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      return 'An account with this email already exists.';
    }
    if (error.code === 'PASSWORD_TOO_SHORT' || error.code === 'PASSWORD_TOO_LONG') return PASSWORD_TOO_WEAK;
  }
  return weakPasswordText(error) ?? 'Registration failed. Please try again.';
}

/** Asking for a reset e-mail (the sign-in page's dialog, the profile's security section). */
export function passwordResetRequestErrorText(error: unknown): string {
  if (error instanceof AuthError && error.status === 429) return TOO_MANY_ATTEMPTS;
  return failureText('Failed to send password reset email', error);
}

/** Sending a new verification link (the notice on the profile and the invitation page). */
export function verificationEmailErrorText(error: unknown): string {
  if (error instanceof AuthError && error.status === 429) return TOO_MANY_ATTEMPTS;
  return 'Could not send the verification e-mail. Please try again.';
}

/** The reset link's token was refused: the page offers a new link instead of an error text. */
export function isResetLinkInvalid(error: unknown): boolean {
  return error instanceof AuthError && (error.code === 'INVALID_TOKEN' || error.code === 'TOKEN_EXPIRED');
}

/** Setting the new password from the e-mailed link failed for another reason. */
export function resetPasswordErrorText(error: unknown): string {
  if (error instanceof AuthError && error.status === 429) return TOO_MANY_ATTEMPTS;
  if (error instanceof AuthError && error.code === 'PASSWORD_TOO_SHORT') return PASSWORD_TOO_WEAK;
  return weakPasswordText(error) ?? failureText('Failed to reset password', error);
}

type GoogleFlow = 'sign-in' | 'sign-up';

/** Starting the Google redirect failed (before leaving the page). */
export function googleStartErrorText(flow: GoogleFlow, error: unknown): string {
  return commonAuthText(error) ?? (flow === 'sign-in' ? 'Google Sign-In failed.' : 'Google Sign-Up failed.');
}

/** Google sent the user back with `?error=`: access_denied is the user closing or cancelling the consent screen. */
export function googleReturnErrorText(flow: GoogleFlow, code: string): string {
  if (code === 'access_denied') return flow === 'sign-in' ? 'Sign-in cancelled.' : 'Sign-up cancelled.';
  if (code === 'account_not_linked') {
    return 'An account already exists with this email address using a different sign-in method.';
  }
  return flow === 'sign-in' ? 'Google Sign-In failed.' : 'Google Sign-Up failed.';
}

// Plans and checkout (/services, /services/hosting; sections 5 and 8).

export const CHECKOUT_TEXTS = {
  logIn: 'Please log in to subscribe.',
  noAccount: 'Please select an active account first.',
  notReady: 'Payment system is not ready. Please try again shortly.',
  priceMissing: 'Could not initiate checkout. Price information missing.',
  /** No answer within CHECKOUT_TIMEOUT_MS. */
  timedOut: 'Could not initiate checkout process. Please try again.',
  /** An answer without a page to go to. */
  noSession: 'Could not get payment session ID. Please try again.',
} as const;

export const PLANS_LOAD_FAILED = 'Could not load subscription plans.';

/** The server refused or failed the checkout: 'Checkout failed: {message}'. */
export function checkoutFailedText(error: unknown): string {
  return failureText('Checkout failed', error);
}

// Billing (/billing; sections 5, 6 and 8).

export const NO_ACTIVE_ACCOUNT_SELECTED = 'No active account selected.';
export const BILLING_MANAGED_BY_ADMIN = 'Billing is managed by the account administrator.';

/** The overview could not be read: the account is gone for this user, or anything else. */
export function billingLoadText(error: unknown): string {
  const code = codeOf(error);
  if (code === 'not-found' || code === 'permission-denied') return 'Could not load active account details.';
  return 'Could not load account information.';
}

/** 'Could not open billing portal: {message}. Please try again later.' */
export function billingPortalFailedText(error: unknown): string {
  return `${failureText('Could not open billing portal', error).replace(/\.$/, '')}. Please try again later.`;
}

export const INVOICES_LOAD_FAILED = 'Could not load invoices.';

// Test-mode hosted pages and the back office's products.

export const TEST_PAGE_LOAD_FAILED = 'Could not load this payment page. Please try again.';

/** A test-mode session that is unknown, someone else's, or gone: the server answers not-found. */
export function isSessionGone(error: unknown): boolean {
  return codeOf(error) === 'not-found';
}

/** The back office's hosting products are the services it sells (spec §8's list text). */
export const PRODUCTS_LOAD_FAILED = 'Failed to load services';
