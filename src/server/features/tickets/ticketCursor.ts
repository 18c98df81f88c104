import { z } from 'zod';
import { invalidArgument } from '../../rpc/errors.ts';
import type { TicketListPosition } from './repository.ts';

export const INVALID_CURSOR = 'The page cursor is not valid. Reload the list.';

// The stored created_at as each dialect prints it: ISO from SQLite, "YYYY-MM-DD hh:mm:ss.ffffff+00" from PostgreSQL.
const storedTimestamp = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const position = z.object({ c: z.string().max(40).regex(storedTimestamp), i: z.string().min(1).max(128) }).strict();

/** Opaque to clients: base64url of a small JSON object naming the last row of the previous page. */
export function encodeTicketCursor(at: TicketListPosition): string {
  return Buffer.from(JSON.stringify({ c: at.createdAt, i: at.id })).toString('base64url');
}

export function decodeTicketCursor(cursor: string): TicketListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidArgument(INVALID_CURSOR);
  }
  const checked = position.safeParse(parsed);
  if (!checked.success) throw invalidArgument(INVALID_CURSOR);
  return { createdAt: checked.data.c, id: checked.data.i };
}
