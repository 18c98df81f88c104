import { AuthError } from '../../api/auth.ts';

/** The spec's error catalogue (section 8) for sign-in, sign-up and Google, keyed by better-auth's codes. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
export const AUTH_NOT_READY = 'Authentication service not ready.';
const INVALID_EMAIL = 'Please enter a valid email address.';

/** Failures every auth form reads the same way: rate limit and an unreachable server. */
function commonMessage(error: unknown): string | null {
  if (!(error instanceof AuthError)) return null;
  if (error.status === 429) return TOO_MANY_ATTEMPTS;
  if (error.status === 0) return AUTH_NOT_READY;
  if (error.code === 'INVALID_EMAIL') return INVALID_EMAIL;
  return null;
}

export function signInErrorMessage(error: unknown): string {
  const common = commonMessage(error);
  if (common) return common;
  if (error instanceof AuthError && (error.code === 'INVALID_EMAIL_OR_PASSWORD' || error.status === 401)) {
    return 'Invalid email or password.';
  }
  return 'Login failed. Please check your credentials.';
}

export function signUpErrorMessage(error: unknown): string {
  const common = commonMessage(error);
  if (common) return common;
  if (error instanceof AuthError) {
    if (error.code === 'USER_ALREADY_EXISTS' || error.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      return 'An account with this email already exists.';
    }
    if (error.code === 'PASSWORD_TOO_SHORT' || error.code === 'PASSWORD_TOO_LONG') {
      return 'Password is too weak. Please choose a stronger password.';
    }
  }
  return 'Registration failed. Please try again.';
}

export function passwordResetRequestErrorMessage(error: unknown): string {
  if (error instanceof AuthError && error.status === 429) return TOO_MANY_ATTEMPTS;
  return `Failed to send password reset email: ${error instanceof Error ? error.message : String(error)}`;
}

type GoogleFlow = 'sign-in' | 'sign-up';

/** Starting the Google redirect failed (before leaving the page). */
export function googleStartErrorMessage(flow: GoogleFlow, error: unknown): string {
  return commonMessage(error) ?? (flow === 'sign-in' ? 'Google Sign-In failed.' : 'Google Sign-Up failed.');
}

/** Google sent the user back with `?error=`: access_denied is the user closing or cancelling the consent screen. */
export function googleReturnErrorMessage(flow: GoogleFlow, code: string): string {
  if (code === 'access_denied') return flow === 'sign-in' ? 'Sign-in cancelled.' : 'Sign-up cancelled.';
  if (code === 'account_not_linked') {
    return 'An account already exists with this email address using a different sign-in method.';
  }
  return flow === 'sign-in' ? 'Google Sign-In failed.' : 'Google Sign-Up failed.';
}
