import { z } from 'zod';
import { INVALID_TICKETS_CURSOR } from '../../../../common/admin/support/texts.ts';
import type { SortOrder } from '../../../../common/admin/users/contract.ts';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor, schemaPerKey } from '../../../rpc/pageCursor.ts';
import type { StaffTicketPosition } from '../../tickets/index.ts';

// The order travels in the cursor: a cursor of one order used with the other is refused, not misread.
const keysFor = schemaPerKey((order: SortOrder) => z.object({ s: z.literal(order), c: cursorTimestamp, i: cursorRowId }).strict());

export function encodeStaffTicketCursor(order: SortOrder, at: StaffTicketPosition): string {
  return encodePageCursor({ s: order, c: at.activityAt, i: at.id });
}

export function decodeStaffTicketCursor(cursor: string, order: SortOrder): StaffTicketPosition {
  const { c, i } = decodePageCursor(cursor, keysFor(order), INVALID_TICKETS_CURSOR);
  return { activityAt: c, id: i };
}
