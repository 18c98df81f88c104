import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Kysely } from 'kysely';
import { ACCOUNT_DISABLED } from '../../common/admin/users/texts.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PRODUCT_NAME } from '../../common/constants.ts';
import { RECOVERY_CODE_COUNT } from '../../common/profile/twoFactorTexts.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/connection.ts';
import { inTransaction, type Tx } from '../db/transaction.ts';
import { recordEvent } from '../events/recordEvent.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { FastifyBaseLogger } from 'fastify';
import { announceAccessChanged } from '../live/accessChanges.ts';
import type { LiveBus } from '../live/bus.ts';
import { resetLinkUsePlugin, sendCappedLinkMail } from './linkMails.ts';
import { passwordResetMail, verificationMail } from './mails.ts';
import { passwordHasher } from './password.ts';
import { passwordPolicyPlugin } from './passwordPolicy.ts';
import { passkeys } from './passkeys/index.ts';
import { signInThrottlePlugin } from './signInThrottle.ts';

/** The header our HTTP bridge sets from Fastify's resolved client IP; a client's own value is overwritten. */
export const CLIENT_IP_HEADER = 'x-portal-client-ip';

export const SESSION_EXPIRES_IN_S = 7 * 24 * 3600;
export const SESSION_UPDATE_AGE_S = 24 * 3600;
/** Sessions die this long after sign-in whatever their activity (ASVS V7.3.2). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 3600 * 1000;

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/** The platform event of a new user, whichever way they came in. */
export function recordSignUp(tx: Tx, user: { id: string; email: string; name: string; emailVerified: boolean }, at: string) {
  return recordEvent(tx, {
    type: 'user.signed_up', actor: { userId: user.id, actingAsAccountId: null }, at,
    payload: { userId: user.id, email: user.email, name: user.name, emailVerified: Boolean(user.emailVerified) },
  });
}

export function createAuth(deps: {
  db: Kysely<Database>; authDb: Kysely<Database>; dialect: Dialect; config: Config; mailer: Mailer; clock: Clock;
  /** Where a password reset's ended sessions are announced, so their open streams close (issue 21). */
  live?: Pick<LiveBus, 'publish'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { config } = deps;
  const hasher = passwordHasher(config.passwordHashCost);
  return betterAuth({
    appName: 'Provider Portal',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: { db: deps.authDb as Kysely<any>, type: deps.dialect },
    telemetry: { enabled: false },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    session: {
      modelName: 'auth_session',
      fields: { expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', userId: 'user_id', ...timestamps },
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    account: {
      modelName: 'auth_identity',
      // Google may join an existing user only once that user proved the address: otherwise whoever
      // signed up first with someone else's address would keep a password to the joined account.
      accountLinking: { requireLocalEmailVerified: true },
      fields: {
        accountId: 'account_id', providerId: 'provider_id', userId: 'user_id', accessToken: 'access_token',
        refreshToken: 'refresh_token', idToken: 'id_token', accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at', ...timestamps,
      },
    },
    // Every way in (password, Google, the verification link's auto sign-in) creates a session:
    // refusing it here shuts a disabled user out of all of them with one sentence.
    databaseHooks: {
      // better-auth writes the user outside any transaction of ours, and runs this after it: the
      // event is its own small unit of work right after (docs/decisions.md, "user.signed_up").
      user: {
        create: {
          after: async (user) => {
            await inTransaction(deps.db, (tx) => recordSignUp(tx, user, deps.clock.nowIso()));
          },

        },
      },
      session: {
        create: {
          before: async (session) => {
            const user = await deps.db.selectFrom('users').select('disabled').where('id', '=', session.userId).executeTakeFirst();
            if (user?.disabled) throw new APIError('FORBIDDEN', { message: ACCOUNT_DISABLED, code: 'ACCOUNT_DISABLED' });
          },
        },
      },
    },
    verification: { modelName: 'auth_verification', fields: { expiresAt: 'expires_at', ...timestamps } },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: hasher,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      // better-auth deleted the sessions in its own write: tell open live streams now, not at their expiry.
      onPasswordReset: async ({ user }) => {
        const live = deps.live;
        if (live) await inTransaction(deps.db, async (tx) => announceAccessChanged(tx, live, user.id));
      },
      sendResetPassword: async ({ user, token }) => {
        await sendCappedLinkMail(deps, 'password_reset', token, passwordResetMail(config, user.email, token));
      },
    },
    // Sign-in works unverified; only invitations ask for the proof (features/invitations/policy.ts).
    emailVerification: {
      sendOnSignUp: true,
      // A link opened in someone else's browser must not sign that browser in (login CSRF): the
      // link proves the address, then the person signs in (docs/decisions.md, "Verification links").
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url, token }, request) => {
        // Only people signing up over HTTP prove an address; a user the server creates itself
        // (the bootstrap super admin, from the operator's configuration) is marked verified instead.
        if (!request) return;
        await sendCappedLinkMail(deps, 'email_verification', token, verificationMail(user.email, url));
      },
    },
    socialProviders: config.googleEnabled
      ? { google: { clientId: config.GOOGLE_CLIENT_ID!, clientSecret: config.GOOGLE_CLIENT_SECRET! } }
      : {},
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limit',
      fields: { lastRequest: 'last_request' },
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        // Per address and endpoint, over the plugin's own 3 per 10 s: with its 5 tries per sign-in
        // challenge and its lock after 10 failures in a row, a guesser gets nowhere (docs/decisions.md).
        '/two-factor/*': { window: 60, max: 10 },
      },
    },
    advanced: {
      // better-auth turns its origin check off under NODE_ENV=test; keep it on so tests see production.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.PUBLIC_URL.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      bearer(), passwordPolicyPlugin(), signInThrottlePlugin(deps), resetLinkUsePlugin(deps), twoFactorPlugin(),
      passkeys({ db: deps.db, config, clock: deps.clock, rpName: PRODUCT_NAME }),
    ],
  });
}

/**
 * TOTP with ten single-use recovery codes (issue 21), both stored encrypted with AUTH_SECRET. No
 * e-mailed codes (otpOptions) and no "trust this device": the HTTP bridge refuses that field.
 */
function twoFactorPlugin() {
  return twoFactor({
    issuer: 'Provider Portal',
    backupCodeOptions: { amount: RECOVERY_CODE_COUNT, storeBackupCodes: 'encrypted' },
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
    schema: {
      user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
      twoFactor: {
        modelName: 'auth_two_factor',
        fields: {
          userId: 'user_id', backupCodes: 'backup_codes',
          failedVerificationCount: 'failed_verification_count', lockedUntil: 'locked_until',
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
