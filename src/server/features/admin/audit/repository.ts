import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { type NewestFirstPosition, olderThan } from '../../../rpc/newestFirstCursor.ts';
import { prefixEnd } from '../../../db/textMatch.ts';

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
 * One page of the log newest first on (created_at, id), with the operator's current name and the
 * account acted as. Each filter narrows an indexed column; the action prefix is a range.
 */
export async function listAuditEntries(db: Kysely<Database>, q: AuditListQuery) {
  let query = db.selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('accounts as acc', 'acc.id', 'a.acting_as_account_id')
    .select(['a.id', 'a.actor_user_id', 'a.actor_email', 'a.acting_as_account_id', 'a.action', 'a.target_type', 'a.target_id',
      'a.reason', 'a.data', 'a.before_state', 'a.after_state', 'a.request_id', 'a.created_at',
      'u.name as actor_name', 'u.email as actor_current_email', 'acc.name as acting_as_account_name',
      sql<string>`cast(a.created_at as text)`.as('position_value')]);
  if (q.actorUserId) query = query.where('a.actor_user_id', '=', q.actorUserId);
  if (q.actorEmail) query = query.where('a.actor_email', '=', q.actorEmail);
  if (q.targetType) query = query.where('a.target_type', '=', q.targetType);
  if (q.targetId) query = query.where('a.target_id', '=', q.targetId);
  if (q.actionPrefix) query = query.where('a.action', '>=', q.actionPrefix).where('a.action', '<', prefixEnd(q.actionPrefix));
  if (q.from) query = query.where('a.created_at', '>=', q.from);
  if (q.before) query = query.where('a.created_at', '<', q.before);
  if (q.after) query = query.where(olderThan('a.created_at', 'a.id', q.after));
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(q.limit).execute();
}
