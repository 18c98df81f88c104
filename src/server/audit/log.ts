import { type Kysely, sql } from 'kysely';
import type { AuditEntryView } from '../../common/admin/audit/contract.ts';
import { toIso } from '../db/connection.ts';
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
 * follows. Each filter narrows an indexed column; the action prefix is a range.
 */
export async function pageOfAuditLog(db: Kysely<Database>, q: AuditListQuery): Promise<{ entries: AuditEntryView[]; next: NewestFirstPosition | null }> {
  let query = db.selectFrom('audit_log as a')
    .select((eb) => ['a.id', 'a.actor_user_id', 'a.actor_email', 'a.acting_as_account_id', 'a.action', 'a.target_type', 'a.target_id',
      'a.reason', 'a.data', 'a.before_state', 'a.after_state', 'a.request_id', 'a.created_at',
      userName(eb, eb.ref('a.actor_user_id')).as('actor_name'), userEmail(eb, eb.ref('a.actor_user_id')).as('actor_current_email'),
      accountName(eb, eb.ref('a.acting_as_account_id')).as('acting_as_account_name'),
      sql<string>`cast(a.created_at as text)`.as('position_value')]);
  if (q.actorUserId) query = query.where('a.actor_user_id', '=', q.actorUserId);
  if (q.actorEmail) query = query.where('a.actor_email', '=', q.actorEmail);
  if (q.targetType) query = query.where('a.target_type', '=', q.targetType);
  if (q.targetId) query = query.where('a.target_id', '=', q.targetId);
  if (q.actionPrefix) query = query.where('a.action', '>=', q.actionPrefix).where('a.action', '<', prefixEnd(q.actionPrefix));
  if (q.from) query = query.where('a.created_at', '>=', q.from);
  if (q.before) query = query.where('a.created_at', '<', q.before);
  if (q.after) query = query.where(olderThan('a.created_at', 'a.id', q.after));
  const rows = await query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(q.limit + 1).execute();
  const page = rows.slice(0, q.limit);
  const entries: AuditEntryView[] = page.map((r) => ({
    id: r.id,
    createdAt: toIso(r.created_at)!,
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
