import { createHash, randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { MailMessage, Mailer } from '../integrations/mail/mailer.ts';

/**
 * The e-mailed links of better-auth (password reset, address verification): each send is
 * recorded, by the SHA-256 of its token, so that one recipient gets at most
 * LINK_MAILS_PER_HOUR of each kind an hour, and so that the back office's outbox can tell a
 * used reset link from an unused one (docs/decisions.md, "Per-recipient mail caps").
 */
export const LINK_MAILS_PER_HOUR = 5;

export type LinkMailKind = 'password_reset' | 'email_verification';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LinkMailDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Sends the mail unless the recipient already had LINK_MAILS_PER_HOUR of this kind in the last
 * hour; the caller's answer stays the same neutral success either way, so the cap tells nobody
 * whether the address has an account. Returns whether the mail went out.
 */
export async function sendCappedLinkMail(deps: LinkMailDeps, kind: LinkMailKind, token: string, message: MailMessage): Promise<boolean> {
  const recipient = message.to.trim().toLowerCase();
  const now = deps.clock.now();
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const sent = await inTransaction(deps.db, async (tx) => {
    const recent = await tx.db.selectFrom('auth_link_mail').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('recipient', '=', recipient).where('kind', '=', kind).where('sent_at', '>', hourAgo)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= LINK_MAILS_PER_HOUR) return false;
    await tx.db.insertInto('auth_link_mail').values({
      id: randomUUID(), kind, recipient, token_hash: tokenHash(token), sent_at: now.toISOString(), used_at: null,
    }).execute();
    await deps.mailer.send(tx, message);
    return true;
  });
  // The address is not logged in full: the log says a cap held, the outbox page says for whom.
  if (!sent) deps.log?.warn({ kind, recipientDomain: recipient.split('@')[1] ?? '' }, 'link mail not sent: hourly per-recipient cap reached');
  return sent;
}

/** The reset links among `tokens` (raw, from outbox bodies) that set a password; by token hash. */
export async function usedResetTokens(db: Kysely<Database>, tokens: string[]): Promise<Set<string>> {
  if (!tokens.length) return new Set();
  const rows = await db.selectFrom('auth_link_mail').select('token_hash')
    .where('kind', '=', 'password_reset').where('used_at', 'is not', null)
    .where('token_hash', 'in', tokens.map(tokenHash)).execute();
  return new Set(rows.map((r) => r.token_hash));
}

/** The addresses among `emails` whose owner proved them (a verification link's job is done). */
export async function verifiedAddresses(db: Kysely<Database>, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db.selectFrom('users').select(['email', 'email_verified'])
    .where('email', 'in', emails.map((e) => e.toLowerCase())).execute();
  return new Set(rows.filter((r) => Boolean(r.email_verified)).map((r) => r.email.toLowerCase()));
}

/** Marks a reset link used once better-auth accepted it (it deletes the token itself, so a second use fails). */
export function resetLinkUsePlugin(deps: Pick<LinkMailDeps, 'db' | 'clock'>): BetterAuthPlugin {
  return {
    id: 'portal-reset-link-use',
    hooks: {
      after: [{
        matcher: (ctx) => ctx.path === '/reset-password',
        handler: createAuthMiddleware(async (ctx) => {
          const token = (ctx.body as { token?: unknown } | undefined)?.token;
          if (typeof token !== 'string' || isAPIError(ctx.context.returned)) return;
          await deps.db.updateTable('auth_link_mail').set({ used_at: deps.clock.nowIso() })
            .where('token_hash', '=', tokenHash(token)).where('used_at', 'is', null).execute();
        }),
      }],
    },
  };
}
