import type { Kysely } from 'kysely';
import { INVALID_AUDIT_CURSOR } from '../../../../common/admin/audit/texts.ts';
import { pageOfAuditLog } from '../../../audit/log.ts';
import type { Database } from '../../../db/schema.ts';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../../rpc/newestFirstCursor.ts';
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


/** Keyset pagination: the audit module reads the page; the cursor is the back office's. */
export async function pageOfAuditEntries(db: Kysely<Database>, input: AuditListInput) {
  const after = input.startAfter ? decodeNewestFirstCursor(CURSOR_LIST, input.startAfter, INVALID_AUDIT_CURSOR) : null;
  const { entries, next } = await pageOfAuditLog(db, {
    limit: input.limit,
    actorUserId: input.actorUserId ?? null,
    actorEmail: input.actorEmail ?? null,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    actionPrefix: input.action ?? null,
    from: input.dateFrom ? startOfDay(input.dateFrom) : null,
    before: input.dateTo ? startOfNextDay(input.dateTo) : null,
    after,
  });
  return { entries, nextCursor: next ? encodeNewestFirstCursor(CURSOR_LIST, next) : null };
}
