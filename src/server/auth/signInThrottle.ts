import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import {
  SIGN_IN_DELAYED, SIGN_IN_LOCKED, signInDelayedText, signInLockedText,
} from '../../common/auth/accountProtectionTexts.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import { signInLockedMail } from './mails.ts';

/**
 * Failed password sign-ins per e-mail address, whatever address they come from (issue 21;
 * docs/decisions.md, "Per-account sign-in throttling"). The per-IP limit of better-auth stays in
 * front of this; this one stops a botnet spreading guesses for one account over many addresses.
 */
export const FREE_FAILURES = 5;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MS = 15 * 60_000;
/** Failures this old are forgotten, so a typo a week ago does not count against today. */
export const FORGET_FAILURES_AFTER_MS = 24 * 3600_000;

interface ThrottleRow { failures: number; last_failure_at: string; locked_until: string | null }

export type Hold = { kind: 'delayed' | 'locked'; seconds: number };

/** Whether a sign-in for this address must wait now: 2, 4, ... 32 s after the 5th to 9th failure, 15 min from the 10th. */
export function holdFor(row: ThrottleRow | undefined, now: Date): Hold | null {
  if (!row) return null;
  const at = now.getTime();
  if (row.locked_until && Date.parse(row.locked_until) > at) {
    return { kind: 'locked', seconds: Math.ceil((Date.parse(row.locked_until) - at) / 1000) };
  }
  const last = Date.parse(row.last_failure_at);
  if (at - last > FORGET_FAILURES_AFTER_MS) return null;
  if (row.failures < FREE_FAILURES || row.failures >= LOCK_AFTER_FAILURES) return null;
  const allowedAt = last + 2 ** (row.failures - FREE_FAILURES + 1) * 1000;
  return allowedAt > at ? { kind: 'delayed', seconds: Math.ceil((allowedAt - at) / 1000) } : null;
}

const keyOf = (email: string) => email.trim().toLowerCase();

function readThrottle(db: Kysely<Database>, email: string) {
  return db.selectFrom('sign_in_throttle').select(['failures', 'last_failure_at', 'locked_until'])
    .where('email', '=', email).executeTakeFirst();
}

/** Counts one failure atomically (several app processes may count the same address at once); the new count. */
async function countFailure(db: Kysely<Database>, email: string, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FORGET_FAILURES_AFTER_MS).toISOString();
  const row = await db.insertInto('sign_in_throttle')
    .values({ email, failures: 1, last_failure_at: nowIso, locked_until: null })
    .onConflict((oc) => oc.column('email').doUpdateSet((eb) => ({
      failures: eb.case().when('sign_in_throttle.last_failure_at', '<', forgetBefore).then(1)
        .else(eb('sign_in_throttle.failures', '+', 1)).end(),
      last_failure_at: nowIso,
    })))
    .returning('failures').executeTakeFirstOrThrow();
  const failures = Number(row.failures);
  if (failures >= LOCK_AFTER_FAILURES) {
    await db.updateTable('sign_in_throttle').set({ locked_until: new Date(now.getTime() + LOCK_MS).toISOString() })
      .where('email', '=', email).execute();
  }
  return failures;
}

function holdError(hold: Hold): APIError {
  const body = hold.kind === 'locked'
    ? { code: SIGN_IN_LOCKED, message: signInLockedText(Math.ceil(hold.seconds / 60)) }
    : { code: SIGN_IN_DELAYED, message: signInDelayedText(hold.seconds) };
  return new APIError('TOO_MANY_REQUESTS', body, { 'Retry-After': String(hold.seconds) });
}

export function signInThrottlePlugin(deps: { db: Kysely<Database>; clock: Clock; mailer: Mailer; config: Config }): BetterAuthPlugin {
  const isPasswordSignIn = (ctx: { path?: string }) => ctx.path === '/sign-in/email';
  const emailOf = (body: unknown) => {
    const email = (body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' && email ? keyOf(email) : null;
  };

  async function onFailure(email: string) {
    const failures = await countFailure(deps.db, email, deps.clock.now());
    // One mail per lock, on the failure that starts it; an unknown address gets none and answers the same.
    if (failures !== LOCK_AFTER_FAILURES) return;
    const owner = await deps.db.selectFrom('users').select('email').where('email', '=', email).executeTakeFirst();
    if (owner) await inTransaction(deps.db, (tx) => deps.mailer.send(tx, signInLockedMail(deps.config, owner.email, LOCK_MS / 60_000)));
  }

  return {
    id: 'portal-sign-in-throttle',
    hooks: {
      before: [{
        matcher: isPasswordSignIn,
        handler: createAuthMiddleware(async (ctx) => {
          const email = emailOf(ctx.body);
          if (!email) return;
          // Checked before the password is: during a lock even the right password is refused.
          const hold = holdFor(await readThrottle(deps.db, email), deps.clock.now());
          if (hold) throw holdError(hold);
        }),
      }],
      after: [{
        matcher: isPasswordSignIn,
        handler: createAuthMiddleware(async (ctx) => {
          const email = emailOf(ctx.body);
          if (!email) return;
          const returned = ctx.context.returned;
          if (isAPIError(returned)) {
            if (returned.statusCode === 401) await onFailure(email);
            return;
          }
          await deps.db.deleteFrom('sign_in_throttle').where('email', '=', email).execute();
        }),
      }],
    },
  };
}
