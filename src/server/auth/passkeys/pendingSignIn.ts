import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { expireCookie } from 'better-auth/cookies';
import type { GenericEndpointContext } from 'better-auth';
import { PASSKEY_SIGN_IN_PENDING_ENDED } from '../../../common/profile/passkeyTexts.ts';

/**
 * The sign-in that waits for its second step after a right password. It is the very state
 * better-auth's twoFactor plugin keeps (its signed "two_factor" cookie naming a verification row
 * whose value is the user id), so one pending sign-in can be finished by a TOTP code, a recovery
 * code or a passkey, whichever plugin started it (docs/decisions.md, "Passkeys as a second factor").
 */
const COOKIE = 'two_factor';
/** As long as the twoFactor plugin's own challenge lives (its default, ten minutes). */
const PENDING_MAX_AGE_S = 600;

export async function startPendingSignIn(ctx: GenericEndpointContext, userId: string): Promise<void> {
  const cookie = ctx.context.createAuthCookie(COOKIE, { maxAge: PENDING_MAX_AGE_S });
  const identifier = `2fa-${randomBytes(15).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + PENDING_MAX_AGE_S * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
  // The TOTP endpoints count wrong codes in this row and refuse a challenge without it.
  await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

const pendingEnded = () => new APIError('UNAUTHORIZED', { message: PASSKEY_SIGN_IN_PENDING_ENDED, code: 'SIGN_IN_PENDING_ENDED' });

/** The user whose password was right in this browser a moment ago; refused when there is none or it expired. */
export async function pendingSignIn(ctx: GenericEndpointContext): Promise<{ userId: string; identifier: string }> {
  const cookie = ctx.context.createAuthCookie(COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const row = identifier ? await ctx.context.internalAdapter.findVerificationValue(identifier) : null;
  if (!identifier || !row || new Date(row.expiresAt).getTime() <= Date.now()) throw pendingEnded();
  return { userId: row.value, identifier };
}

/** Spends the pending sign-in: of two requests racing with one cookie, only one gets a session. */
export async function finishPendingSignIn(ctx: GenericEndpointContext, pending: { userId: string; identifier: string }): Promise<void> {
  const consumed = await ctx.context.internalAdapter.consumeVerificationValue(pending.identifier);
  expireCookie(ctx, ctx.context.createAuthCookie(COOKIE));
  if (!consumed || consumed.value !== pending.userId) throw pendingEnded();
}
