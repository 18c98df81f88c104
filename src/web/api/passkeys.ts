import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { ACCOUNT_DISABLED } from '../../common/admin/users/texts.ts';
import type { PasskeyView } from '../../common/profile/passkeys.ts';
import { PASSKEY_ALREADY_REGISTERED, PASSKEY_BROWSER_REFUSED, PASSKEY_FAILED, PASSKEY_SESSION_ENDED, PASSKEY_UNSUPPORTED } from '../../common/profile/passkeyTexts.ts';
import { AuthError, post } from './auth.ts';
import { AUTH_NOT_READY, TOO_MANY_ATTEMPTS } from './errorTexts.ts';

/** The browser would not make or use a passkey (cancelled, timed out, no authenticator, no WebAuthn). */
export class PasskeyBrowserError extends Error {}

export const passkeysSupported = () => browserSupportsWebAuthn();

async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  if (!browserSupportsWebAuthn()) throw new PasskeyBrowserError(PASSKEY_UNSUPPORTED);
  try {
    return await ceremony();
  } catch (error) {
    // The device already holds one of this user's passkeys (excludeCredentials matched).
    if ((error as { code?: string }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') throw new PasskeyBrowserError(PASSKEY_ALREADY_REGISTERED);
    throw new PasskeyBrowserError(PASSKEY_BROWSER_REFUSED);
  }
}

/** The registration ceremony for the signed-in user: options from the server, the browser's answer, the server's check. */
export async function addPasskey(name: string): Promise<PasskeyView> {
  if (!browserSupportsWebAuthn()) throw new PasskeyBrowserError(PASSKEY_UNSUPPORTED);
  const optionsJSON = await post('/passkey/registration/options', {});
  const response = await inBrowser(() => startRegistration({ optionsJSON }));
  return (await post('/passkey/registration/verify', { name, response })).passkey;
}

/** Signs in with a passkey the device holds for this site; the server sets the session cookie. */
export async function signInWithPasskey(): Promise<void> {
  if (!browserSupportsWebAuthn()) throw new PasskeyBrowserError(PASSKEY_UNSUPPORTED);
  const optionsJSON = await post('/passkey/sign-in/options', {});
  const response = await inBrowser(() => startAuthentication({ optionsJSON }));
  await post('/passkey/sign-in/verify', { response });
}

/**
 * The step after a right password (issue 21): a passkey of the same user finishes the sign-in the
 * password started; the server sets the session cookie.
 */
export async function finishSignInWithPasskey(): Promise<void> {
  if (!browserSupportsWebAuthn()) throw new PasskeyBrowserError(PASSKEY_UNSUPPORTED);
  const optionsJSON = await post('/passkey/second-factor/options', {});
  const response = await inBrowser(() => startAuthentication({ optionsJSON }));
  await post('/passkey/second-factor/verify', { response });
}

/** The server wants a recent sign-in before a new way to sign in is added (ASVS V7.5.1). */
export const needsFreshSignIn = (error: unknown) => error instanceof AuthError && error.code === 'SIGN_IN_AGAIN';

/** What to tell the person: the browser's refusal, or the server's sentence (passkeyTexts.ts). */
export function passkeyErrorText(error: unknown): string {
  if (error instanceof PasskeyBrowserError) return error.message;
  if (error instanceof AuthError) {
    if (error.status === 429) return TOO_MANY_ATTEMPTS;
    if (error.status === 0) return AUTH_NOT_READY;
    if (error.code === 'ACCOUNT_DISABLED') return ACCOUNT_DISABLED;
    // These carry their own sentence (passkeyTexts.ts): a stale session, an expired password step, no passkey.
    if (['SIGN_IN_AGAIN', 'SIGN_IN_PENDING_ENDED', 'NO_PASSKEY'].includes(error.code) && error.message) return error.message;
    if (error.status === 401 && error.code !== 'PASSKEY_SIGN_IN_FAILED') return PASSKEY_SESSION_ENDED;
    if (error.message) return error.message;
  }
  return PASSKEY_FAILED;
}
