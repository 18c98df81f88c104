import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionState } from '../../../common/session/contract.ts';
import { membershipsOf } from '../../access/accountAccess.ts';
import { insertAccountWithOwner } from '../../access/accounts.ts';
import { impersonationOf } from '../../access/impersonation.ts';
import { setActiveAccountId } from '../../access/repository.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { findUserForSession } from '../../auth/users.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { unauthenticated } from '../../rpc/errors.ts';

/**
 * The active account is the one the user chose last, while still a member; else the first
 * membership. While impersonating, it is the account acted as.
 */
export async function sessionState(db: Kysely<Database>, caller: Caller): Promise<SessionState> {
  const [user, memberships] = await Promise.all([findUserForSession(db, caller.userId), membershipsOf(db, caller)]);
  if (!user) throw unauthenticated();
  const chosen = caller.actingAs?.accountId ?? user.active_account_id;
  const active = memberships.find((m) => m.accountId === chosen) ?? memberships[0] ?? null;
  // While impersonating, the memberships are the account acted as, so its name is already here.
  const impersonation = impersonationOf(caller, active?.accountName ?? '');
  return {
    user: { id: user.id, email: user.email, name: user.name, phoneNumber: user.phone_number },
    globalRole: user.role === 'super_admin' ? 'super_admin' : 'user',
    memberships,
    activeAccountId: active?.accountId ?? null,
    activeRole: active?.role ?? null,
    activeAbilities: active?.abilities ?? null,
    impersonation,
    mustEnrolSecondFactor: caller.mustEnrolSecondFactor === true,
  };
}

export async function chooseActiveAccount({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller, accountId: string) {
  await inTransaction(db, async (tx) => {
    await setActiveAccountId(tx.db, caller.userId, accountId);
    await recordIfActingAs(tx, caller, { action: 'session.active_account_set', target: { type: 'account', id: accountId }, at: clock.nowIso() });
  });
}

export async function createAccountOwnedBy({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller, name: string) {
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    const now = clock.nowIso();
    await insertAccountWithOwner(tx.db, { id, name, ownerId: caller.userId, now });
    await setActiveAccountId(tx.db, caller.userId, id);
    await recordEvent(tx, { type: 'user.account.created', accountId: id, actor: byCaller(caller), payload: { accountId: id, name }, at: now });
    await recordIfActingAs(tx, caller, { action: 'account.created', target: { type: 'account', id }, after: { name }, at: now });
  });
  return { id, name, status: 'active' as const, role: 'account_owner' as const };
}
