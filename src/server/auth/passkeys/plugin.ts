import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type AuthenticatorTransportFuture, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Kysely } from 'kysely';
import {
  PASSKEY_ALREADY_REGISTERED, PASSKEY_CHALLENGE_INVALID, PASSKEY_REGISTRATION_FAILED, PASSKEY_RESPONSE_INVALID, PASSKEY_SIGN_IN_FAILED,
} from '../../../common/profile/passkeyTexts.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import {
  consumeChallenge, credentialIdsOf, findCredential, insertPasskey, listPasskeysOf, recordPasskeyUse, storeChallenge,
} from './repository.ts';
import { passkeyBodies } from './responseSchemas.ts';

/** A ceremony's challenge lives this long (the browser's own timeout is one minute less). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
const BROWSER_TIMEOUT_MS = 4 * 60 * 1000;

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

  const newChallenge = async (purpose: 'registration' | 'sign-in', userId: string | null, challenge: string) => {
    const now = clock.now();
    await storeChallenge(db, {
      challenge, purpose, userId, now: now.toISOString(), expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    });
  };

  /** The challenge the authenticator signed, taken out of the store: it never serves a second answer. */
  const takeChallenge = async (clientDataJSON: string, purpose: 'registration' | 'sign-in') => {
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

  return {
    id: 'portal-passkeys',
    rateLimit: [{ pathMatcher: (path: string) => path.startsWith('/passkey/sign-in/'), window: 60, max: 20 }],
    endpoints: {
      passkeyRegistrationOptions: createAuthEndpoint('/passkey/registration/options', {
        method: 'POST', body: passkeyBodies.registrationOptions, use: [sessionMiddleware],
      }, async (ctx) => {
        const { user } = ctx.context.session;
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
        const { user } = ctx.context.session;
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
        const refuse = (why: string): never => {
          ctx.context.logger.warn(`passkey sign-in refused: ${JSON.stringify(why)}`);
          throw new APIError('UNAUTHORIZED', { message: PASSKEY_SIGN_IN_FAILED, code: 'PASSKEY_SIGN_IN_FAILED' });
        };
        const stored = await findCredential(db, response.id);
        if (!stored) return refuse('unknown credential');
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

        const user = await ctx.context.internalAdapter.findUserById(stored.userId);
        if (!user) return refuse('user gone');
        // Possession plus user verification: the passkey is both factors, so the session is made here
        // directly; better-auth's hook still refuses a disabled user.
        const session = await ctx.context.internalAdapter.createSession(user.id);
        if (!session) return refuse('no session created');
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ token: session.token, user: { id: user.id, email: user.email, name: user.name } });
      }),
    },
  } satisfies BetterAuthPlugin;
}
