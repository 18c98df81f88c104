import { secondFactorResetMail } from '../../../auth/mails.ts';
import { removePasskeysOf, removeTotpOf } from '../../../auth/secondFactor.ts';
import { record } from '../../../audit/record.ts';
import { type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import { requireUser } from './service.ts';

/**
 * An operator's reset of a user's second factor (issue 21), for a user who lost their
 * authenticator and their recovery codes, or their passkeys: the TOTP authenticator and every
 * passkey go (a password sign-in would otherwise still ask for a passkey), the act is audited
 * and the user is told by mail, all in the protocol's one unit of work.
 */
export async function resetSecondFactor(ctx: BackOfficeWriteContext, userId: string, reason: string) {
  const db = ctx.tx.db;
  const user = await requireUser(db, userId);
  const now = ctx.services.clock.nowIso();
  const totp = await removeTotpOf(db, userId, now);
  const passkeys = await removePasskeysOf(db, userId);
  const removed = totp || passkeys > 0;
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'user.second_factor_reset', target: { type: 'user', id: userId },
    reason, before: { totp, passkeys }, after: { totp: false, passkeys: 0 }, requestId: ctx.requestId, at: now,
  });
  if (removed) await ctx.services.mailer.send(ctx.tx, secondFactorResetMail(ctx.services.config, user.email));
  return { userId, removed };
}
