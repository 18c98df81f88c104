import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type AuthenticatorTransportFuture, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware, sessionMiddleware } from 'better-auth/api';
import { deleteSessionCookie, setSessionCookie } from 'better-auth/cookies';
import type { Kysely } from 'kysely';
import {
  PASSKEY_ALREADY_REGISTERED, PASSKEY_CHALLENGE_INVALID, PASSKEY_NONE_FOR_SIGN_IN, PASSKEY_REGISTRATION_FAILED, PASSKEY_RESPONSE_INVALID,
  PASSKEY_SIGN_IN_FAILED, SIGN_IN_AGAIN_TO_CHANGE,
} from '../../../common/profile/passkeyTexts.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import {
  consumeChallenge, credentialIdsOf, findCredential, insertPasskey, listPasskeysOf, type PasskeyChallengePurpose, recordPasskeyUse,
  storeChallenge, userHasPasskey,
} from './repository.ts';
import { finishPendingSignIn, pendingSignIn, startPendingSignIn } from './pendingSignIn.ts';
import { passkeyBodies } from './responseSchemas.ts';

/** A ceremony's challenge lives this long (the browser's own timeout is one minute less). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
const BROWSER_TIMEOUT_MS = 4 * 60 * 1000;
/** Adding a way to sign in needs a sign-in this recent (ASVS V7.5.1), so a session left open cannot add one. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

interface Deps { db: Kysely<Database>; config: Config; clock: Clock; rpName: string }

/**
 * Passkeys as our own better-auth plugin (docs/decisions.md, "Passkeys"): @simplewebauthn/server
 * does the WebAuthn checks, better-auth makes the session, so a passkey sign-in gets the same
 * cookie, lifetime and session hooks (the disabled-user refusal) as a password sign-in.
 */
export function passkeys(deps: Deps) {
  const { db, clock } = deps;
  const site = new URL(deps.config.PUBLIC_URL);
  const rpID = site.hostname;
  const origin = site.origin;

  const newChallenge = async (purpose: PasskeyChallengePurpose, userId: string | null, challenge: string) => {
    const now = clock.now();
    await storeChallenge(db, {
      challenge, purpose, userId, now: now.toISOString(), expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    });
  };

  /** The challenge the authenticator signed, taken out of the store: it never serves a second answer. */
  const takeChallenge = async (clientDataJSON: string, purpose: PasskeyChallengePurpose) => {
    let challenge: string;
    try {
      challenge = decodeClientDataJSON(clientDataJSON).challenge;
    } catch {
      throw new APIError('BAD_REQUEST', { message: PASSKEY_RESPONSE_INVALID, code: 'PASSKEY_RESPONSE_INVALID' });
    }
    const stored = typeof challenge === 'string' && challenge.length <= 512 ? await consumeChallenge(db, challenge, purpose, clock.nowIso()) : null;
    if (!stored) throw new APIError('BAD_REQUEST', { message: PASSKEY_CHALLENGE_INVALID, code: 'PASSKEY_CHALLENGE_INVALID' });
    return { challenge, userId: stored.userId };
  };

  /** Refuses a session older than `withinMs`: the web then asks the person to sign in again. */
  const requireRecentSignIn = (session: { createdAt: Date }, withinMs: number) => {
    if (clock.now().getTime() - new Date(session.createdAt).getTime() > withinMs) {
      throw new APIError('FORBIDDEN', { message: SIGN_IN_AGAIN_TO_CHANGE, code: 'SIGN_IN_AGAIN' });
    }
  };

  /**
   * Checks an assertion against the stored credential and moves its counter on. `ownerId`, when
   * given, is the only user whose passkey may answer. Answers the credential's user id.
   */
  const verifyAssertion = async (
    ctx: { context: { logger: { warn(message: string): void } } }, response: AuthenticationResponseJSON, challenge: string, ownerId?: string,
  ): Promise<string> => {
    const refuse = (why: string): never => {
      ctx.context.logger.warn(`passkey sign-in refused: ${JSON.stringify(why)}`);
      throw new APIError('UNAUTHORIZED', { message: PASSKEY_SIGN_IN_FAILED, code: 'PASSKEY_SIGN_IN_FAILED' });
    };
    const stored = await findCredential(db, response.id);
    if (!stored) return refuse('unknown credential');
    if (ownerId !== undefined && stored.userId !== ownerId) return refuse('passkey of another user');
    // The user handle the authenticator holds is the one we gave it at registration.
    const userHandle = response.response.userHandle;
    if (userHandle && userHandle !== isoBase64URL.fromUTF8String(stored.userId)) return refuse('user handle does not match');
    const verification = await verifyAuthenticationResponse({
      response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true,
      credential: {
        id: stored.credentialId, publicKey: isoBase64URL.toBuffer(stored.publicKey), counter: stored.counter,
        transports: stored.transports as AuthenticatorTransportFuture[] | undefined,
      },
    }).catch((error: unknown) => refuse(error instanceof Error ? error.message : String(error)));
    if (!verification.verified) return refuse('signature not verified');
    const moved = await recordPasskeyUse(db, stored.id, stored.counter, verification.authenticationInfo.newCounter, clock.nowIso());
    if (!moved) return refuse('counter changed by a concurrent sign-in');
    return stored.userId;
  };

  return {
    id: 'portal-passkeys',
    rateLimit: [{ pathMatcher: (path: string) => path.startsWith('/passkey/sign-in/') || path.startsWith('/passkey/second-factor/'), window: 60, max: 20 }],
    hooks: {
      after: [{
        matcher: (context) => context.path === '/sign-in/email',
        handler: createAuthMiddleware(async (ctx) => {
          // None when the password was wrong, or when the twoFactor plugin's hook (it runs first)
          // already turned this sign-in into its TOTP step: the passkey can finish that one too.
          const made = ctx.context.newSession;
          if (!made || !await userHasPasskey(db, made.user.id)) return;
          // A passkey is this user's second factor: the password alone makes no session.
          deleteSessionCookie(ctx, true);
          await ctx.context.internalAdapter.deleteSession(made.session.token);
          ctx.context.setNewSession(null);
          // The bearer plugin's hook ran first and exposed the token of the session just deleted.
          ctx.context.responseHeaders?.delete('set-auth-token');
          await startPendingSignIn(ctx, made.user.id);
          return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['passkey'] });
        }),
      }],
    },
    endpoints: {
      passkeyRegistrationOptions: createAuthEndpoint('/passkey/registration/options', {
        method: 'POST', body: passkeyBodies.registrationOptions, use: [sessionMiddleware],
      }, async (ctx) => {
        const { user, session } = ctx.context.session;
        requireRecentSignIn(session, RECENT_SIGN_IN_MS);
        const existing = await credentialIdsOf(db, user.id);
        const options = await generateRegistrationOptions({
          rpName: deps.rpName, rpID, userName: user.email, userDisplayName: user.name,
          userID: new TextEncoder().encode(user.id),
          timeout: BROWSER_TIMEOUT_MS, attestationType: 'none',
          excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransportFuture[] | undefined })),
          // Discoverable, so the login page needs no e-mail; verified, so the passkey alone is two factors.
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        });
        await newChallenge('registration', user.id, options.challenge);
        return ctx.json(options);
      }),

      passkeyRegistrationVerify: createAuthEndpoint('/passkey/registration/verify', {
        method: 'POST', body: passkeyBodies.registrationVerify, use: [sessionMiddleware],
      }, async (ctx) => {
        const { user, session } = ctx.context.session;
        // The options were asked for in time; the ceremony itself may take as long as its challenge lives.
        requireRecentSignIn(session, RECENT_SIGN_IN_MS + PASSKEY_CHALLENGE_TTL_MS);
        const response = ctx.body.response as RegistrationResponseJSON;
        const { challenge, userId } = await takeChallenge(response.response.clientDataJSON, 'registration');
        if (userId !== user.id) throw new APIError('BAD_REQUEST', { message: PASSKEY_CHALLENGE_INVALID, code: 'PASSKEY_CHALLENGE_INVALID' });
        const verification = await verifyRegistrationResponse({
          response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true,
        }).catch((error: unknown) => {
          ctx.context.logger.warn(`passkey registration refused: ${JSON.stringify(error instanceof Error ? error.message : String(error))}`);
          return null;
        });
        if (!verification?.verified) throw new APIError('BAD_REQUEST', { message: PASSKEY_REGISTRATION_FAILED, code: 'PASSKEY_REGISTRATION_FAILED' });
        const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
        const id = crypto.randomUUID();
        const stored = await insertPasskey(db, {
          id, userId: user.id, name: ctx.body.name, credentialId: credential.id, publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter, transports: credential.transports ?? response.response.transports, deviceType: credentialDeviceType,
          backedUp: credentialBackedUp, createdAt: clock.nowIso(),
        });
        if (!stored) throw new APIError('CONFLICT', { message: PASSKEY_ALREADY_REGISTERED, code: 'PASSKEY_ALREADY_REGISTERED' });
        const passkey = (await listPasskeysOf(db, user.id)).find((p) => p.id === id);
        return ctx.json({ passkey });
      }),

      passkeySignInOptions: createAuthEndpoint('/passkey/sign-in/options', {
        method: 'POST', body: passkeyBodies.signInOptions,
      }, async (ctx) => {
        // No allowCredentials: the authenticator offers the passkeys it holds for this site.
        const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: BROWSER_TIMEOUT_MS });
        await newChallenge('sign-in', null, options.challenge);
        return ctx.json(options);
      }),

      passkeySignInVerify: createAuthEndpoint('/passkey/sign-in/verify', {
        method: 'POST', body: passkeyBodies.signInVerify,
      }, async (ctx) => {
        const response = ctx.body.response as AuthenticationResponseJSON;
        const { challenge } = await takeChallenge(response.response.clientDataJSON, 'sign-in');
        const userId = await verifyAssertion(ctx, response, challenge);
        const refuse = (why: string): never => {
          ctx.context.logger.warn(`passkey sign-in refused: ${JSON.stringify(why)}`);
          throw new APIError('UNAUTHORIZED', { message: PASSKEY_SIGN_IN_FAILED, code: 'PASSKEY_SIGN_IN_FAILED' });
        };

        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user) return refuse('user gone');
        // Possession plus user verification: the passkey is both factors, so the session is made here
        // directly; better-auth's hook still refuses a disabled user.
        const session = await ctx.context.internalAdapter.createSession(user.id);
        if (!session) return refuse('no session created');
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ token: session.token, user: { id: user.id, email: user.email, name: user.name } });
      }),

      // The second step after a right password (the pending sign-in of pendingSignIn.ts): only a
      // passkey of that same user finishes it.
      passkeySecondFactorOptions: createAuthEndpoint('/passkey/second-factor/options', {
        method: 'POST', body: passkeyBodies.secondFactorOptions,
      }, async (ctx) => {
        const pending = await pendingSignIn(ctx);
        const credentials = await credentialIdsOf(db, pending.userId);
        if (credentials.length === 0) throw new APIError('BAD_REQUEST', { message: PASSKEY_NONE_FOR_SIGN_IN, code: 'NO_PASSKEY' });
        const options = await generateAuthenticationOptions({
          rpID, userVerification: 'required', timeout: BROWSER_TIMEOUT_MS,
          allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransportFuture[] | undefined })),
        });
        await newChallenge('second-factor', pending.userId, options.challenge);
        return ctx.json(options);
      }),

      passkeySecondFactorVerify: createAuthEndpoint('/passkey/second-factor/verify', {
        method: 'POST', body: passkeyBodies.secondFactorVerify,
      }, async (ctx) => {
        const pending = await pendingSignIn(ctx);
        const response = ctx.body.response as AuthenticationResponseJSON;
        const { challenge, userId: challengeUserId } = await takeChallenge(response.response.clientDataJSON, 'second-factor');
        if (challengeUserId !== pending.userId) throw new APIError('BAD_REQUEST', { message: PASSKEY_CHALLENGE_INVALID, code: 'PASSKEY_CHALLENGE_INVALID' });
        await verifyAssertion(ctx, response, challenge, pending.userId);
        await finishPendingSignIn(ctx, pending);
        const user = await ctx.context.internalAdapter.findUserById(pending.userId);
        if (!user) throw new APIError('UNAUTHORIZED', { message: PASSKEY_SIGN_IN_FAILED, code: 'PASSKEY_SIGN_IN_FAILED' });
        // "Remember me" left off at the password step still makes a browser-session cookie.
        const dontRememberMe = await ctx.getSignedCookie(ctx.context.authCookies.dontRememberToken.name, ctx.context.secret);
        const session = await ctx.context.internalAdapter.createSession(user.id, Boolean(dontRememberMe));
        if (!session) throw new APIError('UNAUTHORIZED', { message: PASSKEY_SIGN_IN_FAILED, code: 'PASSKEY_SIGN_IN_FAILED' });
        await setSessionCookie(ctx, { session, user }, Boolean(dontRememberMe));
        return ctx.json({ token: session.token, user: { id: user.id, email: user.email, name: user.name } });
      }),
    },
  } satisfies BetterAuthPlugin;
}
