import { type Kysely, sql } from 'kysely';
import type { AuditEntryView } from '../../common/admin/audit/contract.ts';
import type { Database } from '../db/schema.ts';
import { prefixEnd } from '../db/textMatch.ts';
import { type NewestFirstPosition, olderThan } from '../rpc/newestFirstCursor.ts';
import { accountName } from '../access/fragments.ts';
import { userEmail, userName } from '../auth/fragments.ts';
import { readRecordedState } from './redact.ts';

export interface AuditListQuery {
  limit: number;
  actorUserId: string | null;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  actionPrefix: string | null;
  /** Inclusive lower and exclusive upper bound, ISO instants. */
  from: string | null;
  before: string | null;
  after: NewestFirstPosition | null;
}

/**
 * The log as operators read it: a page of `q.limit` entries newest first on (created_at, id),
 * with the operator's current name and the account acted as; `next` is set when another page
 * follows. Each filter narrows an indexed column; the action prefix is a range, read and sorted,
 * so the names are looked up after the page is chosen, for its rows only.
 */
export async function pageOfAuditLog(db: Kysely<Database>, q: AuditListQuery): Promise<{ entries: AuditEntryView[]; next: NewestFirstPosition | null }> {
  let chosen = db.selectFrom('audit_log as a')
    .select(['a.id', 'a.actor_user_id', 'a.actor_email', 'a.acting_as_account_id', 'a.action', 'a.target_type', 'a.target_id',
      'a.reason', 'a.data', 'a.before_state', 'a.after_state', 'a.request_id', 'a.created_at',
      sql<string>`cast(a.created_at as text)`.as('position_value')]);
  if (q.actorUserId) chosen = chosen.where('a.actor_user_id', '=', q.actorUserId);
  // The beginning of the address (lower-cased by the contract, as stored): a range of audit_log_actor_email_created.
  if (q.actorEmail) chosen = chosen.where('a.actor_email', '>=', q.actorEmail).where('a.actor_email', '<', prefixEnd(q.actorEmail));
  if (q.targetType) chosen = chosen.where('a.target_type', '=', q.targetType);
  if (q.targetId) chosen = chosen.where('a.target_id', '=', q.targetId);
  if (q.actionPrefix) chosen = chosen.where('a.action', '>=', q.actionPrefix).where('a.action', '<', prefixEnd(q.actionPrefix));
  if (q.from) chosen = chosen.where('a.created_at', '>=', q.from);
  if (q.before) chosen = chosen.where('a.created_at', '<', q.before);
  if (q.after) chosen = chosen.where(olderThan('a.created_at', 'a.id', q.after));
  chosen = chosen.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(q.limit + 1);
  const rows = await db.selectFrom(chosen.as('a')).selectAll('a')
    .select((eb) => [userName(eb, eb.ref('a.actor_user_id')).as('actor_name'), userEmail(eb, eb.ref('a.actor_user_id')).as('actor_current_email'),
      accountName(eb, eb.ref('a.acting_as_account_id')).as('acting_as_account_name')])
    .orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').execute();
  const page = rows.slice(0, q.limit);
  const entries: AuditEntryView[] = page.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    actor: r.actor_user_id || r.actor_email
      ? { userId: r.actor_user_id, email: r.actor_email ?? r.actor_current_email, displayName: r.actor_name }
      : null,
    actingAsAccount: r.acting_as_account_id ? { id: r.acting_as_account_id, name: r.acting_as_account_name } : null,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    // Entries of the first schema kept their one JSON column: it reads as the after state.
    before: readRecordedState(r.before_state),
    after: readRecordedState(r.after_state ?? r.data),
    requestId: r.request_id,
  }));
  const last = page.at(-1);
  return { entries, next: rows.length > q.limit && last ? { createdAt: last.position_value, id: last.id } : null };
}
