/** better-auth's own endpoints, called with the session cookie. */
export class AuthError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export async function post(path: string, body: unknown): Promise<any> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new AuthError(0, 'NETWORK', 'Authentication service not ready.');
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok) {
    // better-auth answers {code, message}; the portal's own checks in front of it answer in the protocol's shape.
    const code = json?.code ?? json?.error?.status ?? '';
    throw new AuthError(response.status, code, json?.message ?? json?.error?.message ?? response.statusText);
  }
  return json;
}

export const signInEmail = (email: string, password: string) => post('/sign-in/email', { email, password });
/** `returnTo` (a path on this site) is where the e-mailed verification link lands (it proves the address, signs nobody in). */
export const signUpEmail = (name: string, email: string, password: string, returnTo = '/') =>
  post('/sign-up/email', { name, email, password, callbackURL: returnTo });
export const sendVerificationEmail = (email: string, returnTo = '/') =>
  post('/send-verification-email', { email, callbackURL: returnTo });
export const signOut = () => post('/sign-out', {});
export const requestPasswordReset = (email: string) =>
  post('/request-password-reset', { email, redirectTo: `${window.location.origin}/reset-password` });
export const resetPassword = (token: string, newPassword: string) => post('/reset-password', { token, newPassword });
/**
 * Answers `{url}` to send the browser to; success returns to `returnTo`, a failed or cancelled
 * attempt comes back to `errorPath?error=...`.
 */
export const signInSocial = (provider: 'google', errorPath = '/login', returnTo = '/') =>
  post('/sign-in/social', {
    provider,
    callbackURL: `${window.location.origin}${returnTo}`,
    errorCallbackURL: `${window.location.origin}${errorPath}`,
  });

/** better-auth's twoFactor plugin (issue 21): enrolment asks the password and answers the otpauth URI and the recovery codes. */
export const enableTwoFactor = (password: string): Promise<{ totpURI: string; backupCodes: string[] }> =>
  post('/two-factor/enable', { password });
/** Confirms an enrolment (signed in), or finishes a sign-in after the password (the challenge cookie). */
export const verifyTotp = (code: string) => post('/two-factor/verify-totp', { code });
export const verifyRecoveryCode = (code: string) => post('/two-factor/verify-backup-code', { code });
export const disableTwoFactor = (password: string) => post('/two-factor/disable', { password });
export const regenerateRecoveryCodes = (password: string): Promise<{ backupCodes: string[] }> =>
  post('/two-factor/generate-backup-codes', { password });
