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

/**
 * Counts the attempt as a failure before the password is checked, so that a burst of parallel
 * guesses cannot all pass one open window: each attempt must win a compare-and-set on the count
 * it read. The attempt that reaches LOCK_AFTER_FAILURES starts the lock; a success deletes the row.
 * Returns false when another attempt for the address won the race (the caller answers 429).
 */
async function reserveAttempt(db: Kysely<Database>, email: string, read: ThrottleRow | undefined, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  if (!read) {
    const inserted = await db.insertInto('sign_in_throttle').values({ email, failures: 1, last_failure_at: nowIso, locked_until: null })
      .onConflict((oc) => oc.column('email').doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const stale = now.getTime() - Date.parse(read.last_failure_at) > FORGET_FAILURES_AFTER_MS;
  const failures = stale ? 1 : read.failures + 1;
  const updated = await db.updateTable('sign_in_throttle')
    .set({
      failures, last_failure_at: nowIso,
      locked_until: failures >= LOCK_AFTER_FAILURES ? new Date(now.getTime() + LOCK_MS).toISOString() : null,
    })
    .where('email', '=', email).where('failures', '=', read.failures).where('last_failure_at', '=', read.last_failure_at)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Another attempt for the same address is being checked right now: come back in a second. */
const RACE_HOLD: Hold = { kind: 'delayed', seconds: 1 };

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

  /** One mail per lock, after the failure that started it; an unknown address gets none and answers the same. */
  async function mailOwnerIfLockStarted(email: string) {
    const row = await readThrottle(deps.db, email);
    if (row?.failures !== LOCK_AFTER_FAILURES) return;
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
          const now = deps.clock.now();
          const row = await readThrottle(deps.db, email);
          const hold = holdFor(row, now);
          if (hold) throw holdError(hold);
          if (!await reserveAttempt(deps.db, email, row, now)) throw holdError(RACE_HOLD);
        }),
      }],
      after: [{
        matcher: isPasswordSignIn,
        handler: createAuthMiddleware(async (ctx) => {
          const email = emailOf(ctx.body);
          if (!email) return;
          const returned = ctx.context.returned;
          // A wrong password stays counted (reserveAttempt); anything else but a success too, conservatively.
          if (isAPIError(returned)) {
            if (returned.statusCode === 401) await mailOwnerIfLockStarted(email);
            return;
          }
          await deps.db.deleteFrom('sign_in_throttle').where('email', '=', email).execute();
        }),
      }],
    },
  };
}
