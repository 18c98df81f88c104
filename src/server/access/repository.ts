import type { Kysely } from 'kysely';
import type { AccountRole } from '../../common/constants.ts';
import { preparedQuery } from '../db/preparedQuery.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';

const membershipRole = preparedQuery<{ accountId: string; userId: string }, { role: AccountRole }>((db, p) =>
  db.selectFrom('account_members').select('role').where('account_id', '=', p.accountId).where('user_id', '=', p.userId));

/** Asked by every account-scoped call, so it takes the prepared fast path. */
export async function findMembershipRole(db: Kysely<Database>, accountId: string, userId: string): Promise<AccountRole | null> {
  return (await membershipRole.first(db, { accountId, userId }))?.role ?? null;
}

/** The user's memberships, oldest first. */
export async function listMembershipRows(db: Db, userId: string) {
  return db.selectFrom('account_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['a.id', 'a.name', 'a.status', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('m.joined_at').orderBy('a.name')
    .execute();
}

export async function findAccountHeader(db: Db, accountId: string) {
  return db.selectFrom('accounts').select(['id', 'name', 'status']).where('id', '=', accountId).executeTakeFirst();
}

/** The account's id, name and status as a query that other areas' fragments add their columns to (one round trip). */
export function selectAccountHeader(db: Kysely<Database>, accountId: string) {
  return db.selectFrom('accounts as a').select(['a.id', 'a.name', 'a.status']).where('a.id', '=', accountId);
}

// The active account is a column of the user (identity's table): read and set there.
export { findActiveAccountId, setActiveAccountId } from '../auth/users.ts';

export async function insertImpersonation(db: Db, row: {
  id: string; sessionId: string; operatorUserId: string; accountId: string; reason: string;
  originalAccountId: string | null; startedAt: string;
}) {
  await db.insertInto('impersonations').values({
    id: row.id, session_id: row.sessionId, operator_user_id: row.operatorUserId, account_id: row.accountId,
    reason: row.reason, original_account_id: row.originalAccountId, started_at: row.startedAt, ended_at: null,
  }).execute();
}

export async function findOpenImpersonation(db: Db, sessionId: string) {
  const row = await db.selectFrom('impersonations')
    .select(['id', 'account_id', 'reason', 'original_account_id', 'started_at'])
    .where('session_id', '=', sessionId).where('ended_at', 'is', null)
    .executeTakeFirst();
  return row && { id: row.id, accountId: row.account_id, reason: row.reason, originalAccountId: row.original_account_id, startedAt: row.started_at };
}

/** Every impersonation the operator has open, in any of their sessions. */
export async function findOpenImpersonationsOf(db: Db, operatorUserId: string) {
  const rows = await db.selectFrom('impersonations')
    .select(['id', 'session_id', 'account_id', 'reason', 'original_account_id'])
    .where('operator_user_id', '=', operatorUserId).where('ended_at', 'is', null)
    .orderBy('started_at').execute();
  return rows.map((r) => ({ id: r.id, sessionId: r.session_id, accountId: r.account_id, reason: r.reason, originalAccountId: r.original_account_id }));
}

/** Ends the session's open impersonation; false when there was none (or another request ended it first). */
export async function endImpersonation(db: Db, id: string, endedAt: string): Promise<boolean> {
  const result = await db.updateTable('impersonations').set({ ended_at: endedAt })
    .where('id', '=', id).where('ended_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
