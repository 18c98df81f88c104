import { describe, expect, it } from 'vitest';
import { accountSettingsLoadText, codeForStatus, dashboardLoadText, errorDetail, failureText } from './errorTexts.ts';
import { FunctionCallError } from './functionCallError.ts';

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
});
