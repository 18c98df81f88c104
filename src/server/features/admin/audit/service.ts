import type { Kysely } from 'kysely';
import { INVALID_AUDIT_CURSOR } from '../../../../common/admin/audit/texts.ts';
import type { AuditEntryView } from '../../../../common/admin/audit/contract.ts';
import type { Database } from '../../../db/schema.ts';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../../rpc/newestFirstCursor.ts';
import { listAuditEntries } from './repository.ts';
import { readRecordedState } from './redact.ts';
import { startOfDay, startOfNextDay } from '../../../db/dayRange.ts';

const CURSOR_LIST = 'audit';

export interface AuditListInput {
  limit: number;
  startAfter?: string | null;
  actorUserId?: string | null;
  actorEmail?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  action?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}


/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfAuditEntries(db: Kysely<Database>, input: AuditListInput) {
  const after = input.startAfter ? decodeNewestFirstCursor(CURSOR_LIST, input.startAfter, INVALID_AUDIT_CURSOR) : null;
  const rows = await listAuditEntries(db, {
    limit: input.limit + 1,
    actorUserId: input.actorUserId ?? null,
    actorEmail: input.actorEmail ?? null,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    actionPrefix: input.action ?? null,
    from: input.dateFrom ? startOfDay(input.dateFrom) : null,
    before: input.dateTo ? startOfNextDay(input.dateTo) : null,
    after,
  });
  const page = rows.slice(0, input.limit);
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
  const nextCursor = rows.length > input.limit && last
    ? encodeNewestFirstCursor(CURSOR_LIST, { createdAt: last.position_value, id: last.id }) : null;
  return { entries, nextCursor };
}
