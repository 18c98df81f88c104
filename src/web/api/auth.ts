/** better-auth's own endpoints, called with the session cookie. */
export class AuthError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

async function post(path: string, body: unknown): Promise<any> {
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
  if (!response.ok) throw new AuthError(response.status, json?.code ?? '', json?.message ?? response.statusText);
  return json;
}

export const signInEmail = (email: string, password: string) => post('/sign-in/email', { email, password });
export const signUpEmail = (name: string, email: string, password: string) => post('/sign-up/email', { name, email, password });
export const signOut = () => post('/sign-out', {});
export const requestPasswordReset = (email: string) =>
  post('/request-password-reset', { email, redirectTo: `${window.location.origin}/reset-password` });
export const resetPassword = (token: string, newPassword: string) => post('/reset-password', { token, newPassword });
/** Answers `{url}` to send the browser to; a failed or cancelled attempt comes back to `errorPath?error=...`. */
export const signInSocial = (provider: 'google', errorPath = '/login') =>
  post('/sign-in/social', {
    provider,
    callbackURL: `${window.location.origin}/`,
    errorCallbackURL: `${window.location.origin}${errorPath}`,
  });
