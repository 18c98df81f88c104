import { z } from 'zod';
import { displayName } from '../../common/profile/contract.ts';
import { isSafeReturnPath } from '../../common/returnPath.ts';
import type { Config } from '../config.ts';
import { passkeyBodies } from '../auth/passkeys/responseSchemas.ts';

/**
 * The better-auth endpoints the portal uses (src/web/api/auth.ts, the session probe, the
 * e-mailed verification link, Google's return), each with the shape of its input. Every other
 * better-auth path (update-user, list-sessions, delete-user, ...) is not routed at all.
 */
export interface AuthEndpoint {
  method: 'GET' | 'POST';
  path: string;
  /** POST: the JSON body, forwarded as parsed (trimmed, unknown keys dropped). */
  body?: z.ZodType;
  /** GET: the query; absent means the query string is not forwarded. */
  query?: z.ZodType;
}

const INVALID_EMAIL = 'Please enter a valid email address.';
const VERIFY_LINK_INVALID = 'The verification link is not valid.';
const email = z.email({ error: INVALID_EMAIL }).max(254, INVALID_EMAIL);
/** A JSON object with exactly these fields: anything else (a role, an id) is refused, not ignored. */
const fields = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: 'The request body must be a JSON object with the expected fields.' });
// Length and strength rules are better-auth's own (its error codes drive the forms' texts).
const password = z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024, 'Password is too long.');
const returnPath = z.string().refine(isSafeReturnPath, 'The return address must be a path on this site.');

export function authEndpoints(config: Config): AuthEndpoint[] {
  const ownOrigin = new URL(config.PUBLIC_URL).origin;
  // The browser sends absolute URLs for Google's round trip; they must be on this site too.
  const onThisSite = z.string().refine((value) => isSafeReturnPath(value) || sameOriginUrl(value, ownOrigin),
    'The return address must be on this site.');
  const endpoints: AuthEndpoint[] = [
    { method: 'GET', path: '/get-session' },
    {
      method: 'POST', path: '/sign-up/email',
      body: fields({ name: displayName, email, password, callbackURL: returnPath.optional() }),
    },
    {
      method: 'POST', path: '/sign-in/email',
      body: fields({ email, password, callbackURL: returnPath.optional(), rememberMe: z.boolean().optional() }),
    },
    { method: 'POST', path: '/sign-out', body: fields({}) },
    { method: 'POST', path: '/request-password-reset', body: fields({ email, redirectTo: onThisSite.optional() }) },
    {
      method: 'POST', path: '/reset-password',
      body: fields({
        token: z.string({ error: 'The reset link is not valid.' }).regex(/^[A-Za-z0-9_-]{1,256}$/, 'The reset link is not valid.'),
        newPassword: password,
      }),
    },
    { method: 'POST', path: '/send-verification-email', body: fields({ email, callbackURL: returnPath.optional() }) },
    {
      method: 'GET', path: '/verify-email',
      query: z.object({
        token: z.string({ error: VERIFY_LINK_INVALID }).regex(/^[A-Za-z0-9._-]{1,4096}$/, VERIFY_LINK_INVALID),
        callbackURL: returnPath.optional(),
      }),
    },
    ...twoFactorEndpoints,
    // Passkeys (auth/passkeys/plugin.ts): the registration pair needs a session, the sign-in pair makes one.
    { method: 'POST', path: '/passkey/registration/options', body: passkeyBodies.registrationOptions },
    { method: 'POST', path: '/passkey/registration/verify', body: passkeyBodies.registrationVerify },
    { method: 'POST', path: '/passkey/sign-in/options', body: passkeyBodies.signInOptions },
    { method: 'POST', path: '/passkey/sign-in/verify', body: passkeyBodies.signInVerify },
    // The passkey as the step after a right password: it finishes the pending sign-in.
    { method: 'POST', path: '/passkey/second-factor/options', body: passkeyBodies.secondFactorOptions },
    { method: 'POST', path: '/passkey/second-factor/verify', body: passkeyBodies.secondFactorVerify },
  ];
  if (config.googleEnabled) {
    endpoints.push(
      { method: 'POST', path: '/sign-in/social', body: fields({ provider: z.literal('google'), callbackURL: onThisSite.optional(), errorCallbackURL: onThisSite.optional(), newUserCallbackURL: onThisSite.optional() }) },
      // Google's redirect back: its parameters (code, state, scope, error, ...) pass through as text.
      { method: 'GET', path: '/callback/google', query: z.record(z.string(), z.string().max(4096)) },
    );
  }
  return endpoints;
}

const TOTP_CODE = 'Please enter the 6-digit code from your authenticator app.';
const RECOVERY_CODE = 'Please enter a recovery code like abcde-12345.';
/**
 * better-auth's twoFactor plugin (issue 21): TOTP and recovery codes. "Trust this device" and a
 * backup code that makes no session are not offered: the strict bodies refuse those fields.
 */
const twoFactorEndpoints: AuthEndpoint[] = [
  { method: 'POST', path: '/two-factor/enable', body: fields({ password }) },
  { method: 'POST', path: '/two-factor/disable', body: fields({ password }) },
  { method: 'POST', path: '/two-factor/generate-backup-codes', body: fields({ password }) },
  { method: 'POST', path: '/two-factor/verify-totp', body: fields({ code: z.string({ error: TOTP_CODE }).trim().regex(/^\d{6}$/, TOTP_CODE) }) },
  {
    method: 'POST', path: '/two-factor/verify-backup-code',
    body: fields({ code: z.string({ error: RECOVERY_CODE }).trim().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, RECOVERY_CODE) }),
  },
];

function sameOriginUrl(value: string, origin: string): boolean {
  try {
    const url = new URL(value);
    return url.origin === origin && isSafeReturnPath(url.pathname);
  } catch {
    return false;
  }
}
