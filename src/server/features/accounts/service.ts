import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import type { SessionState } from '../../../common/contracts/session.ts';
import { nowIso } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordEvent } from '../../events/recordEvent.ts';
import type { Caller } from '../../rpc/context.ts';
import { unauthenticated } from '../../rpc/errors.ts';
import { findUserForSession, insertAccountWithOwner, listMemberships, setActiveAccountId } from './repository.ts';

/** The active account is the one the user chose last, while still a member; else the first membership. */
export async function sessionState(db: Kysely<Database>, caller: Caller): Promise<SessionState> {
  const [user, memberships] = await Promise.all([findUserForSession(db, caller.userId), listMemberships(db, caller.userId)]);
  if (!user) throw unauthenticated();
  const active = memberships.find((m) => m.id === user.active_account_id) ?? memberships[0] ?? null;
  return {
    user: { id: user.id, email: user.email, name: user.name, phoneNumber: user.phone_number },
    globalRole: user.role === 'super_admin' ? 'super_admin' : 'user',
    memberships: memberships.map((m) => ({ accountId: m.id, accountName: m.name, accountStatus: m.status, role: m.role as AccountRole })),
    activeAccountId: active?.id ?? null,
    activeRole: (active?.role as AccountRole | undefined) ?? null,
  };
}

export async function createAccountOwnedBy(db: Kysely<Database>, caller: Caller, name: string) {
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    await insertAccountWithOwner(tx.db, { id, name, ownerId: caller.userId, now: nowIso() });
    await setActiveAccountId(tx.db, caller.userId, id);
    await recordEvent(tx, { type: 'user.account.created', accountId: id, actorUserId: caller.userId, payload: { accountId: id, name } });
  });
  return { id, name, status: 'active', role: 'account_owner' as const };
}
