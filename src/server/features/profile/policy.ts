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
