import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GlobalRole } from '../../common/constants.ts';
import { preparedQuery } from '../db/preparedQuery.ts';
import { openImpersonations } from '../access/fragments.ts';
import { closeExpiredImpersonation, impersonationExpired } from '../access/impersonation.ts';
import type { ActingAs, Caller, Services } from '../rpc/context.ts';
import { activityStampDue, stampSessionActivity } from './sessions.ts';
import { hasSecondFactor } from './secondFactor.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from './betterAuth.ts';

const COOKIE_NAMES = ['__Secure-better-auth.session_token', 'better-auth.session_token'];

/**
 * The shape of a token better-auth issues (letters and digits). Anything else is no session at
 * all, and never reaches a query: PostgreSQL refuses a NUL byte with an error, not a miss.
 */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const SIGNED_SHAPE = /^[A-Za-z0-9_-]{16,128}\.[A-Za-z0-9+/_-]{20,100}={0,2}$/;

/** The credential of an `Authorization: Bearer` header, URL-decoded; null for no header or another scheme. */
export function bearerCredential(authorization: string | undefined): string | null {
  if (!authorization || authorization.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  return safeDecode(authorization.slice(7).trim());
}

/** Whether a bearer credential has a shape better-auth could have issued. */
export function isWellFormedToken(credential: string): boolean {
  return TOKEN_SHAPE.test(credential) || SIGNED_SHAPE.test(credential);
}

/** The session token a request carries: `Authorization: Bearer` first, else the session cookie. */
export function sessionTokenFrom(headers: { authorization?: string; cookie?: string }, secret: string): string | null {
  const bearer = bearerCredential(headers.authorization);
  if (bearer !== null) {
    if (!isWellFormedToken(bearer)) return null;
    // better-auth hands out the bare token; a signed "token.signature" is accepted too.
    return bearer.includes('.') ? verifySigned(bearer, secret) : bearer;
  }
  const cookie = headers.cookie;
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    if (COOKIE_NAMES.includes(name)) return verifySigned(safeDecode(part.slice(eq + 1).trim()), secret);
  }
  return null;
}

function verifySigned(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  if (!TOKEN_SHAPE.test(token)) return null;
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Resolves the caller in one indexed query. Enforces the sliding expiry and the absolute
 * lifetime, and slides the expiry at most once per update age, as better-auth does.
 */
const sessionByToken = preparedQuery<{ token: string }, SessionRow>((db, p) => db.selectFrom('auth_session as s')
  .innerJoin('users as u', 'u.id', 's.user_id')
  // The session's open impersonation, if any (impersonations_open_session): still one indexed query.
  .leftJoin((eb) => openImpersonations(eb).as('i'), (join) => join.onRef('i.session_id', '=', 's.id'))
  .select(['s.id as sessionId', 's.expires_at', 's.created_at', 's.last_active_at', 'u.id as userId', 'u.email', 'u.name', 'u.role', 'u.email_verified',
    'i.account_id as actingAsAccountId', 'i.reason as actingAsReason', 'i.started_at as actingAsStartedAt',
    'i.original_account_id as actingAsOriginalAccountId'])
  .where('s.token', '=', p.token));

interface SessionRow {
  sessionId: string;
  expires_at: string;
  created_at: string;
  last_active_at: string | null;
  userId: string;
  email: string;
  name: string;
  role: string;
  email_verified: boolean;
  actingAsAccountId: string | null;
  actingAsReason: string | null;
  actingAsStartedAt: string | null;
  actingAsOriginalAccountId: string | null;
}

export async function resolveCaller(
  services: Pick<Services, 'db' | 'clock'> & { config?: Pick<Services['config'], 'REQUIRE_ADMIN_2FA'> }, token: string,
): Promise<Caller | null> {
  const { db } = services;
  const row = await sessionByToken.first(db, { token });
  if (!row) return null;
  const now = services.clock.now().getTime();
  const expiresAt = Date.parse(row.expires_at);
  const createdAt = Date.parse(row.created_at);
  if (expiresAt <= now || createdAt + SESSION_ABSOLUTE_LIFETIME_MS <= now) return null;
  let slidExpiresAt = expiresAt;
  if (expiresAt - now < (SESSION_EXPIRES_IN_S - SESSION_UPDATE_AGE_S) * 1000) {
    slidExpiresAt = now + SESSION_EXPIRES_IN_S * 1000;
    await db.updateTable('auth_session')
      .set({ expires_at: new Date(slidExpiresAt).toISOString(), updated_at: new Date(now).toISOString() })
      .where('id', '=', row.sessionId).execute();
  }
  // The profile's "last active" (issue 21): a write at most once a minute per session, decided from the row just read.
  if (activityStampDue(row.last_active_at, now)) await stampSessionActivity(db, row.sessionId, new Date(now));
  const globalRole: GlobalRole = row.role === 'super_admin' ? 'super_admin' : 'user';
  let actingAs = actingAsOf(row, globalRole);
  if (actingAs && impersonationExpired(actingAs.startedAt, now)) {
    // Issue 8: an impersonation ends by itself after one hour; the first request after that closes it.
    await closeExpiredImpersonation(services, { userId: row.userId, email: row.email, sessionId: row.sessionId });
    actingAs = null;
  }
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    globalRole,
    emailVerified: row.email_verified,
    sessionId: row.sessionId,
    sessionEndsAt: Math.min(slidExpiresAt, createdAt + SESSION_ABSOLUTE_LIFETIME_MS),
    actingAs,
    // Asked only of super admins while the rule is on: nobody else pays for the query.
    mustEnrolSecondFactor: globalRole === 'super_admin' && services.config?.REQUIRE_ADMIN_2FA === true
      && !await hasSecondFactor(db, row.userId),
  };
}

/** An impersonation counts only while its operator is still a global super admin: demotion ends it at once. */
function actingAsOf(row: SessionRow, globalRole: GlobalRole): ActingAs | null {
  if (!row.actingAsAccountId || globalRole !== 'super_admin') return null;
  return {
    accountId: row.actingAsAccountId,
    operatorUserId: row.userId,
    operatorEmail: row.email,
    reason: row.actingAsReason ?? '',
    startedAt: row.actingAsStartedAt!,
    originalAccountId: row.actingAsOriginalAccountId,
  };
}

/**
 * better-auth knows only the sliding expiry. Before its own endpoints (get-session, sign-out,
 * change-password, ...) see a request, a session past the absolute lifetime is deleted so
 * they cannot revive it.
 */
export async function endSessionPastLifetime(services: Pick<Services, 'db' | 'clock'>, token: string): Promise<void> {
  const { db } = services;
  const row = await db.selectFrom('auth_session').select(['id', 'created_at']).where('token', '=', token).executeTakeFirst();
  if (row && Date.parse(row.created_at) + SESSION_ABSOLUTE_LIFETIME_MS <= services.clock.now().getTime()) {
    await db.deleteFrom('auth_session').where('id', '=', row.id).execute();
  }
}
