import type { Db } from '../db/transaction.ts';
import { deleteAllPasskeysOf, userHasPasskey } from './passkeys/index.ts';

/**
 * Whether the user has a second factor: a confirmed TOTP authenticator (better-auth's twoFactor
 * plugin; an enrolment whose first code was never entered does not count) or a passkey, which a
 * password sign-in asks for (passkeys/plugin.ts). The one place that answers it:
 * REQUIRE_ADMIN_2FA's gate and the back office ask here.
 */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('auth_two_factor').select('id')
    .where('user_id', '=', userId).where('verified', '=', true).limit(1).executeTakeFirst();
  return row !== undefined || await userHasPasskey(db, userId);
}

/** An operator's reset also removes the user's passkeys: a password sign-in would otherwise still ask for one. */
export async function removePasskeysOf(db: Db, userId: string): Promise<number> {
  return deleteAllPasskeysOf(db, userId);
}

/**
 * An operator's reset: the authenticator and its recovery codes go, and sign-in asks for the
 * password alone. Answers whether there was anything to remove.
 */
export async function removeTotpOf(db: Db, userId: string, now: string): Promise<boolean> {
  const removed = await db.deleteFrom('auth_two_factor').where('user_id', '=', userId).executeTakeFirst();
  const user = await db.updateTable('users').set({ two_factor_enabled: false, updated_at: now })
    .where('id', '=', userId).where('two_factor_enabled', '=', true).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0 || Number(user.numUpdatedRows) > 0;
}
