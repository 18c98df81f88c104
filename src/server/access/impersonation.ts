import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { record } from '../audit/record.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Caller } from '../rpc/context.ts';
import { failedPrecondition, notFound } from '../rpc/errors.ts';
import { requireGlobalSuperAdmin } from './accountAccess.ts';
import {
  endImpersonation, findAccountHeader, findActiveAccountId, findOpenImpersonation, insertImpersonation, setActiveAccountId,
} from './repository.ts';

export const DEFAULT_IMPERSONATION_REASON = 'Administrative access';
export const NOT_IMPERSONATING = 'You are not acting as an account.';
const ACCOUNT_NOT_FOUND = 'The account could not be found.';

export interface ImpersonationStarted {
  accountId: string;
  accountName: string;
  originalAccountId: string | null;
  reason: string;
  startedAt: string;
}

/**
 * A global super admin starts acting as an account in their current session. Starting another
 * while one is open switches accounts and keeps the account to go back to from the first.
 * Written to the audit log in the same unit of work.
 */
export async function startImpersonation(db: Kysely<Database>, operator: Caller, accountId: string, reason?: string | null): Promise<ImpersonationStarted> {
  requireGlobalSuperAdmin(operator);
  const why = reason?.trim() || DEFAULT_IMPERSONATION_REASON;
  const startedAt = new Date().toISOString();
  return inTransaction(db, async (tx) => {
    const account = await findAccountHeader(tx.db, accountId);
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    const open = await findOpenImpersonation(tx.db, operator.sessionId);
    if (open) await endImpersonation(tx.db, open.id, startedAt);
    const originalAccountId = open ? open.originalAccountId : await findActiveAccountId(tx.db, operator.userId);
    await insertImpersonation(tx.db, {
      id: randomUUID(), sessionId: operator.sessionId, operatorUserId: operator.userId, accountId, reason: why, originalAccountId, startedAt,
    });
    await record(tx, {
      actor: { userId: operator.userId, email: operator.email }, actingAs: { accountId },
      action: 'impersonation.started', target: { type: 'account', id: accountId }, reason: why,
      before: open ? { actingAsAccountId: open.accountId } : null, after: { actingAsAccountId: accountId },
    });
    return { accountId, accountName: account.name, originalAccountId, reason: why, startedAt };
  });
}

/** Ends the session's impersonation and makes the operator's own account active again. */
export async function stopImpersonation(db: Kysely<Database>, operator: Caller): Promise<{ originalAccountId: string | null }> {
  return inTransaction(db, async (tx) => {
    const open = await findOpenImpersonation(tx.db, operator.sessionId);
    if (!open || !await endImpersonation(tx.db, open.id, new Date().toISOString())) throw failedPrecondition(NOT_IMPERSONATING);
    await setActiveAccountId(tx.db, operator.userId, open.originalAccountId);
    await record(tx, {
      actor: { userId: operator.userId, email: operator.email }, actingAs: { accountId: open.accountId },
      action: 'impersonation.stopped', target: { type: 'account', id: open.accountId }, reason: open.reason,
      before: { actingAsAccountId: open.accountId }, after: { actingAsAccountId: null, activeAccountId: open.originalAccountId },
    });
    return { originalAccountId: open.originalAccountId };
  });
}

/**
 * What getSessionState reports while a global super admin acts as an account: all of it came
 * with the caller's session, but the account's name, which the session state has read already.
 */
export function impersonationOf(caller: Caller, accountName: string) {
  if (!caller.actingAs) return null;
  const { accountId, originalAccountId, operatorUserId, operatorEmail, reason, startedAt } = caller.actingAs;
  return { accountId, accountName, originalAccountId, operatorUserId, operatorEmail, reason, startedAt };
}
