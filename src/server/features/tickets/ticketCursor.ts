import { z } from 'zod';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor } from '../../rpc/pageCursor.ts';
import type { TicketListPosition } from './repository.ts';

export const INVALID_CURSOR = 'The page cursor is not valid. Reload the list.';

const position = z.object({
  c: cursorTimestamp,
  i: cursorRowId,
}).strict();


export function encodeTicketCursor(at: TicketListPosition): string {
  return encodePageCursor({ c: at.createdAt, i: at.id });
}

export function decodeTicketCursor(cursor: string): TicketListPosition {
  const { c, i } = decodePageCursor(cursor, position, INVALID_CURSOR);
  return { createdAt: c, id: i };
}
