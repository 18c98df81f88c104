import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/transaction.ts';
import type { Caller } from '../rpc/context.ts';
import { insertAuditEntry } from './repository.ts';

export interface AuditEntry {
  /** Who did it (for an impersonated act, the operator); null for the system. */
  actor: { userId: string; email: string } | null;
  /** The account the operator was acting as, when impersonating. */
  actingAs: { accountId: string } | null;
  /** What was done, as `area.verb` (e.g. `member.role_changed`). */
  action: string;
  target: { type: string; id: string | null };
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  /** When it was done (the clock's ISO time of the change). */
  at: string;
}

/** Units of work that hold an audit entry: the protocol commits a back-office write only if its unit of work is here. */
const audited = new WeakSet<object>();

/**
 * Writes the entry in the caller's unit of work, so it exists exactly when the change it
 * describes committed.
 */
export async function record(tx: Tx, entry: AuditEntry): Promise<string> {
  const id = randomUUID();
  await insertAuditEntry(tx.db, {
    id,
    actorUserId: entry.actor?.userId ?? null,
    actorEmail: entry.actor?.email ?? null,
    actingAsAccountId: entry.actingAs?.accountId ?? null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    reason: entry.reason ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    requestId: entry.requestId ?? null,
    createdAt: entry.at,
  });
  audited.add(tx.db);
  return id;
}

export function hasAuditEntry(tx: Tx): boolean {
  return audited.has(tx.db);
}

/**
 * Every customer write calls this in its unit of work: it records the act when the caller is a
 * global super admin acting as an account (actor = the operator, actingAs = the account,
 * reason = why the impersonation started), and does nothing for an ordinary customer.
 */
export async function recordIfActingAs(tx: Tx, caller: Caller, act: Omit<AuditEntry, 'actor' | 'actingAs' | 'reason'>): Promise<void> {
  if (!caller.actingAs) return;
  await record(tx, {
    ...act,
    actor: { userId: caller.actingAs.operatorUserId, email: caller.actingAs.operatorEmail },
    actingAs: { accountId: caller.actingAs.accountId },
    reason: caller.actingAs.reason,
  });
}
