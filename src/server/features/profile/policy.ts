import { PASSKEY_NOT_FOUND } from '../../../common/profile/passkeyTexts.ts';
import { SESSION_NOT_FOUND } from '../../../common/profile/texts.ts';
import { findSessionOwner } from '../../auth/sessions.ts';
import type { Db } from '../../db/transaction.ts';
import type { Caller } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';

/**
 * Who may do what on the profile. The profile itself is only ever the caller's own; a session
 * named by id may be ended only by the user it belongs to. Another user's session answers exactly
 * as one that does not exist, so ids cannot be probed.
 */
export async function requireOwnSession(db: Db, caller: Caller, sessionId: string): Promise<void> {
  if (await findSessionOwner(db, sessionId) !== caller.userId) throw notFound(SESSION_NOT_FOUND);
}

/**
 * Whose passkeys a caller may list, rename and remove: their own only, whatever their roles (a
 * global super admin included). Every query is scoped to this user id, so another user's passkey
 * is simply not found: the answer never tells that it exists.
 */
export function passkeyOwnerFor(caller: Caller): string {
  return caller.userId;
}

/** The answer for a passkey the caller does not own, or that does not exist. */
export function passkeyNotFound() {
  return notFound(PASSKEY_NOT_FOUND);
}
