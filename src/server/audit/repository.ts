import type { Db } from '../db/transaction.ts';

export async function insertAuditEntry(db: Db, row: {
  id: string; actorUserId: string | null; actorEmail: string | null; actingAsAccountId: string | null;
  action: string; targetType: string; targetId: string | null; reason: string | null;
  before: string | null; after: string | null; requestId: string | null; createdAt: string;
}) {
  await db.insertInto('audit_log').values({
    id: row.id, actor_user_id: row.actorUserId, actor_email: row.actorEmail, acting_as_account_id: row.actingAsAccountId,
    action: row.action, target_type: row.targetType, target_id: row.targetId, reason: row.reason, data: null,
    before_state: row.before, after_state: row.after, request_id: row.requestId, created_at: row.createdAt,
  }).execute();
}
