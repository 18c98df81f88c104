import { randomUUID } from 'node:crypto';
import { record } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { inTransaction, type Tx } from '../db/transaction.ts';
import type { Caller, Services } from '../rpc/context.ts';
import { failedPrecondition, notFound } from '../rpc/errors.ts';
import { requireGlobalSuperAdmin } from './accountAccess.ts';
import {
  endImpersonation, findAccountHeader, findActiveAccountId, findOpenImpersonation, findOpenImpersonationsOf, insertImpersonation,
  setActiveAccountId,
} from './repository.ts';

import { DEFAULT_IMPERSONATION_REASON, IMPERSONATION_LIFETIME_MS } from '../../common/admin/impersonation/texts.ts';

export { DEFAULT_IMPERSONATION_REASON };
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
export async function startImpersonation(services: Pick<Services, 'db' | 'clock'>, operator: Caller, accountId: string, reason?: string | null): Promise<ImpersonationStarted> {
  return inTransaction(services.db, (tx) => startImpersonationIn(tx, services.clock, operator, accountId, reason));
}

/** startImpersonation inside a unit of work the caller opened (the back office's audited write). */
export async function startImpersonationIn(tx: Tx, clock: Clock, operator: Caller, accountId: string, reason?: string | null): Promise<ImpersonationStarted> {
  requireGlobalSuperAdmin(operator);
  const why = reason?.trim() || DEFAULT_IMPERSONATION_REASON;
  const startedAt = clock.nowIso();
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
    before: open ? { actingAsAccountId: open.accountId } : null, after: { actingAsAccountId: accountId }, at: startedAt,
  });
  await recordEvent(tx, {
    type: 'admin.impersonation.started', accountId, actor: { userId: operator.userId, actingAsAccountId: accountId },
    payload: { operatorUserId: operator.userId, accountId, reason: why, startedAt, previousAccountId: open ? open.accountId : null }, at: startedAt,
  });
  return { accountId, accountName: account.name, originalAccountId, reason: why, startedAt };
}

/** Ends the session's impersonation and makes the operator's own account active again. */
export async function stopImpersonation(services: Pick<Services, 'db' | 'clock'>, operator: Caller): Promise<{ originalAccountId: string | null }> {
  return inTransaction(services.db, (tx) => stopImpersonationIn(tx, services.clock, operator));
}

/** stopImpersonation inside a unit of work the caller opened (the back office's audited write). */
export async function stopImpersonationIn(tx: Tx, clock: Clock, operator: Caller): Promise<{ originalAccountId: string | null }> {
  const endedAt = clock.nowIso();
  const open = await findOpenImpersonation(tx.db, operator.sessionId);
  if (!open || !await endImpersonation(tx.db, open.id, endedAt)) throw failedPrecondition(NOT_IMPERSONATING);
  await setActiveAccountId(tx.db, operator.userId, open.originalAccountId);
  await record(tx, {
    actor: { userId: operator.userId, email: operator.email }, actingAs: { accountId: open.accountId },
    action: 'impersonation.stopped', target: { type: 'account', id: open.accountId }, reason: open.reason,
    before: { actingAsAccountId: open.accountId }, after: { actingAsAccountId: null, activeAccountId: open.originalAccountId }, at: endedAt,
  });
  await recordEnded(tx, open, operator.userId, 'operator', endedAt);
  return { originalAccountId: open.originalAccountId };
}

/** Whether an impersonation started at `startedAt` has outlived its hour (issue 8). */
export function impersonationExpired(startedAt: string, now: number): boolean {
  return Date.parse(startedAt) + IMPERSONATION_LIFETIME_MS <= now;
}

/**
 * Closes a session's impersonation that outlived its hour, found while resolving the caller:
 * the operator's own account becomes active again, and the end is audited as the system's act.
 * Another request may have closed it first; then nothing more happens.
 */
export async function closeExpiredImpersonation(services: Pick<Services, 'db' | 'clock'>, operator: { userId: string; email: string; sessionId: string }): Promise<void> {
  await inTransaction(services.db, async (tx) => {
    const now = services.clock.now();
    const open = await findOpenImpersonation(tx.db, operator.sessionId);
    if (!open || !impersonationExpired(open.startedAt, now.getTime())) return;
    if (!await endImpersonation(tx.db, open.id, now.toISOString())) return;
    await setActiveAccountId(tx.db, operator.userId, open.originalAccountId);
    await record(tx, {
      actor: null, actingAs: { accountId: open.accountId },
      action: 'impersonation.expired', target: { type: 'account', id: open.accountId }, reason: open.reason,
      before: { actingAsAccountId: open.accountId, operatorUserId: operator.userId, operatorEmail: operator.email },
      after: { actingAsAccountId: null, activeAccountId: open.originalAccountId }, at: now.toISOString(),
    });
    await recordEnded(tx, open, operator.userId, 'expired', now.toISOString());
  });
}

/**
 * Ends every impersonation the operator has open because they stopped being a global super admin
 * (demoted) or were disabled (issue 21). Until then a demoted operator's impersonation only paused
 * and came back with re-promotion; now it ends for good, audited as the act of whoever demoted or
 * disabled them. Their open streams are re-checked by the caller's access announcement.
 */
export async function endImpersonationsOfOperatorIn(
  tx: Tx, clock: Clock, operator: { userId: string; email: string }, by: { userId: string; email: string },
  cause: 'demoted' | 'disabled', requestId?: string,
): Promise<number> {
  const at = clock.nowIso();
  let ended = 0;
  for (const open of await findOpenImpersonationsOf(tx.db, operator.userId)) {
    if (!await endImpersonation(tx.db, open.id, at)) continue;
    ended += 1;
    await setActiveAccountId(tx.db, operator.userId, open.originalAccountId);
    await record(tx, {
      actor: by, actingAs: null,
      action: 'impersonation.revoked', target: { type: 'account', id: open.accountId }, reason: open.reason, requestId,
      before: { actingAsAccountId: open.accountId, operatorUserId: operator.userId, operatorEmail: operator.email },
      after: { actingAsAccountId: null, activeAccountId: open.originalAccountId, cause }, at,
    });
    await recordEnded(tx, open, operator.userId, 'revoked', at);
  }
  return ended;
}

async function recordEnded(tx: Tx, open: { accountId: string; reason: string }, operatorUserId: string, endedBy: 'operator' | 'expired' | 'revoked', at: string) {
  await recordEvent(tx, {
    type: 'admin.impersonation.ended', accountId: open.accountId,
    // The hour running out, or the operator losing the role, is not the operator's act; a stop is theirs.
    actor: endedBy === 'operator' ? { userId: operatorUserId, actingAsAccountId: open.accountId } : undefined,
    payload: { operatorUserId, accountId: open.accountId, reason: open.reason, endedBy }, at,
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
