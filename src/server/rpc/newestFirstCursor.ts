import { z } from 'zod';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor, schemaPerKey } from './pageCursor.ts';

/** The last row of a newest-first page: its created_at as the database printed it, and its id. */
export interface NewestFirstPosition { createdAt: string; id: string }

// The list's name travels in the cursor: one list's cursor handed to another is refused, not misread.
const keysFor = schemaPerKey((list: string) => z.object({ l: z.literal(list), v: cursorTimestamp, i: cursorRowId }).strict());

/** For lists paged newest first on (created_at, id): the audit log, the mail outbox. */
export function encodeNewestFirstCursor(list: string, at: NewestFirstPosition): string {
  return encodePageCursor({ l: list, v: at.createdAt, i: at.id });
}

export function decodeNewestFirstCursor(list: string, cursor: string, invalidMessage: string): NewestFirstPosition {
  const { v, i } = decodePageCursor(cursor, keysFor(list), invalidMessage);
  return { createdAt: v, id: i };
}

/**
 * Rows after the position in newest-first order, as a row comparison: both databases start the
 * index scan at the position (the `a < v or (a = v and id < i)` form made PostgreSQL filter every
 * newer row first). created_at compares as a timestamp on PostgreSQL; the cursor holds what it printed.
 */
export function olderThan(createdAtColumn: string, idColumn: string, at: NewestFirstPosition): RawBuilder<SqlBool> {
  return sql<SqlBool>`((${sql.ref(createdAtColumn)}, ${sql.ref(idColumn)}) < (${at.createdAt}, ${at.id}))`;
}
