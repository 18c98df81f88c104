import { describe, expect, it } from 'vitest';
import { AuthError } from './auth.ts';
import {
  accountSettingsLoadText, AUTH_NOT_READY, billingLoadText, billingPortalFailedText, checkoutFailedText, isSessionGone, codeForStatus, dashboardLoadText, errorDetail, failureText, googleReturnErrorText,
  googleStartErrorText, isResetLinkInvalid, passwordResetRequestErrorText, resetPasswordErrorText, signInErrorText,
  signUpErrorText, TOO_MANY_ATTEMPTS, verificationEmailErrorText,
} from './errorTexts.ts';
import { FunctionCallError } from './functionCallError.ts';
import {
  PASSWORD_TOO_COMMON, PASSWORD_TOO_COMMON_TEXT, SIGN_IN_LOCKED, signInLockedText,
} from '../../common/auth/accountProtectionTexts.ts';

describe('error texts of the spec (section 8)', () => {
  it('names every HTTP status of the protocol with the client code, anything else unknown', () => {
    expect([400, 401, 403, 404, 409, 429, 499, 500, 501, 503, 504].map(codeForStatus)).toEqual([
      'invalid-argument', 'unauthenticated', 'permission-denied', 'not-found', 'aborted', 'resource-exhausted',
      'cancelled', 'internal', 'unimplemented', 'unavailable', 'deadline-exceeded',
    ]);
    expect(codeForStatus(418)).toBe('unknown');
  });

  it('writes a failed write as "{action}: {message}" with the server\'s text', () => {
    const error = new FunctionCallError('permission-denied', 'Only the account owner can change roles.');
    expect(failureText('Failed to update role', error)).toBe('Failed to update role: Only the account owner can change roles.');
    expect(failureText('Failed to create account', 'offline')).toBe('Failed to create account: offline');
    // A failure without a message still says what kind it was, never an empty tail.
    expect(errorDetail(new FunctionCallError('internal', ''))).toBe('internal');
  });

  it('picks the dashboard text by what went wrong', () => {
    expect(dashboardLoadText(new FunctionCallError('permission-denied', 'x'))).toBe('Could not load account details for your membership.');
    expect(dashboardLoadText(new FunctionCallError('unavailable', 'x'))).toBe('Failed to load dashboard services. Please refresh.');
    expect(dashboardLoadText(new FunctionCallError('internal', 'x'))).toBe('Could not load all dashboard data.');
  });

  it('picks the account settings text by what went wrong', () => {
    expect(accountSettingsLoadText(new FunctionCallError('not-found', 'x'))).toBe('The active account could not be found.');
    expect(accountSettingsLoadText(new FunctionCallError('internal', 'x'))).toBe('Failed to load account details.');
  });

  describe('better-auth', () => {
    const auth = (status: number, code: string, message = 'refused') => new AuthError(status, code, message);

    it('reads a refused sign-in with the spec\'s texts', () => {
      expect(signInErrorText(auth(401, 'INVALID_EMAIL_OR_PASSWORD'))).toBe('Invalid email or password.');
      expect(signInErrorText(auth(401, ''))).toBe('Invalid email or password.');
      expect(signInErrorText(auth(400, 'INVALID_EMAIL'))).toBe('Please enter a valid email address.');
      expect(signInErrorText(auth(500, 'INTERNAL'))).toBe('Login failed. Please check your credentials.');
      expect(signInErrorText(new Error('boom'))).toBe('Login failed. Please check your credentials.');
      expect(signInErrorText(auth(403, 'ACCOUNT_DISABLED'))).toBe('This account has been disabled. Please contact support.');
    });

    it('reads a refused sign-up with the spec\'s texts', () => {
      expect(signUpErrorText(auth(422, 'USER_ALREADY_EXISTS'))).toBe('An account with this email already exists.');
      expect(signUpErrorText(auth(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'))).toBe('An account with this email already exists.');
      expect(signUpErrorText(auth(400, 'PASSWORD_TOO_SHORT'))).toBe('Password is too weak. Please choose a stronger password.');
      expect(signUpErrorText(auth(400, 'INVALID_EMAIL'))).toBe('Please enter a valid email address.');
      expect(signUpErrorText(auth(500, 'INTERNAL'))).toBe('Registration failed. Please try again.');
    });

    it('says the same about a rate limit and an unreachable server on every form', () => {
      for (const read of [signInErrorText, signUpErrorText, (e: unknown) => googleStartErrorText('sign-in', e)]) {
        expect(read(auth(429, ''))).toBe(TOO_MANY_ATTEMPTS);
        expect(read(auth(0, 'NETWORK'))).toBe(AUTH_NOT_READY);
      }
      expect(passwordResetRequestErrorText(auth(429, ''))).toBe(TOO_MANY_ATTEMPTS);
      expect(resetPasswordErrorText(auth(429, ''))).toBe(TOO_MANY_ATTEMPTS);
      expect(verificationEmailErrorText(auth(429, ''))).toBe(TOO_MANY_ATTEMPTS);
    });

    it('reads Google\'s start and return per flow', () => {
      expect(googleStartErrorText('sign-in', new Error('x'))).toBe('Google Sign-In failed.');
      expect(googleStartErrorText('sign-up', new Error('x'))).toBe('Google Sign-Up failed.');
      expect(googleReturnErrorText('sign-in', 'access_denied')).toBe('Sign-in cancelled.');
      expect(googleReturnErrorText('sign-up', 'access_denied')).toBe('Sign-up cancelled.');
      expect(googleReturnErrorText('sign-in', 'account_not_linked'))
        .toBe('An account already exists with this email address using a different sign-in method.');
      expect(googleReturnErrorText('sign-up', 'whatever')).toBe('Google Sign-Up failed.');
    });

    it('reads the password reset: request, refused link, other failures', () => {
      expect(passwordResetRequestErrorText(auth(500, 'INTERNAL', 'mail down'))).toBe('Failed to send password reset email: mail down');
      expect(isResetLinkInvalid(auth(400, 'INVALID_TOKEN'))).toBe(true);
      expect(isResetLinkInvalid(auth(400, 'TOKEN_EXPIRED'))).toBe(true);
      expect(isResetLinkInvalid(auth(400, 'PASSWORD_TOO_SHORT'))).toBe(false);
      expect(resetPasswordErrorText(auth(400, 'PASSWORD_TOO_SHORT'))).toBe('Password is too weak. Please choose a stronger password.');
      expect(resetPasswordErrorText(auth(500, 'INTERNAL', 'db down'))).toBe('Failed to reset password: db down');
      expect(verificationEmailErrorText(auth(500, 'INTERNAL'))).toBe('Could not send the verification e-mail. Please try again.');
    });
  });
});

describe('billing and checkout texts (section 8)', () => {
  it('puts the server\'s message into the spec\'s checkout and portal texts', () => {
    const refused = new FunctionCallError('failed-precondition', 'This plan is no longer available.');
    expect(checkoutFailedText(refused)).toBe('Checkout failed: This plan is no longer available.');
    expect(billingPortalFailedText(new FunctionCallError('failed-precondition', 'Billing needs to be activated by subscribing first.')))
      .toBe('Could not open billing portal: Billing needs to be activated by subscribing first. Please try again later.');
    expect(billingPortalFailedText(new FunctionCallError('unavailable', 'offline')))
      .toBe('Could not open billing portal: offline. Please try again later.');
  });

  it('tells a billing page whose account is not there for the user from any other failure', () => {
    expect(billingLoadText(new FunctionCallError('not-found', 'x'))).toBe('Could not load active account details.');
    expect(billingLoadText(new FunctionCallError('permission-denied', 'x'))).toBe('Could not load active account details.');
    expect(billingLoadText(new FunctionCallError('internal', 'x'))).toBe('Could not load account information.');
  });

  it('knows a test-mode session that is gone by its not-found answer', () => {
    expect(isSessionGone(new FunctionCallError('not-found', 'x'))).toBe(true);
    expect(isSessionGone(new FunctionCallError('unavailable', 'x'))).toBe(false);
  });

  it('shows the server\'s own sentence for a refused common password and for a throttled account (issue 21)', () => {
    const common = new AuthError(400, PASSWORD_TOO_COMMON, PASSWORD_TOO_COMMON_TEXT);
    expect(signUpErrorText(common)).toBe(PASSWORD_TOO_COMMON_TEXT);
    expect(resetPasswordErrorText(common)).toBe(PASSWORD_TOO_COMMON_TEXT);
    const locked = new AuthError(429, SIGN_IN_LOCKED, signInLockedText(15));
    expect(signInErrorText(locked)).toBe(signInLockedText(15));
    // A 429 of the per-address limit keeps its general sentence.
    expect(signInErrorText(new AuthError(429, '', 'Too many requests'))).toBe(TOO_MANY_ATTEMPTS);
  });
});
