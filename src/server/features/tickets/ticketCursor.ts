import { z } from 'zod';
import { cursorRowId, decodePageCursor, encodePageCursor } from '../../rpc/pageCursor.ts';
import type { TicketListPosition } from './repository.ts';

export const INVALID_CURSOR = 'The page cursor is not valid. Reload the list.';

// The stored created_at as each dialect prints it: ISO from SQLite, "YYYY-MM-DD hh:mm:ss.ffffff+00" from PostgreSQL.
const storedTimestamp = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const position = z.object({
  c: z.string().max(40).regex(storedTimestamp).refine(isRealInstant),
  i: cursorRowId,
}).strict();

/**
 * The pattern admits "2024-13-45T99:99:99Z", which PostgreSQL refuses with an error (and SQLite
 * compares as text): the calendar fields must name a real instant.
 */
function isRealInstant(stamp: string): boolean {
  const parts = stamp.match(/\d+/g);
  if (!parts || parts.length < 6) return false;
  const [y, mo, d, h, mi, s] = parts.slice(0, 6).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d
    && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s;
}

export function encodeTicketCursor(at: TicketListPosition): string {
  return encodePageCursor({ c: at.createdAt, i: at.id });
}

export function decodeTicketCursor(cursor: string): TicketListPosition {
  const { c, i } = decodePageCursor(cursor, position, INVALID_CURSOR);
  return { createdAt: c, id: i };
}
