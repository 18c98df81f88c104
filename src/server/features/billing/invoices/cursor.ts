import { z } from 'zod';
import { cursorRowId, decodePageCursor, encodePageCursor } from '../../../rpc/pageCursor.ts';
import type { InvoiceListPosition } from './repository.ts';

export const INVALID_INVOICE_CURSOR = 'The page cursor is not valid. Reload the invoice list.';

/**
 * Invoice dates are written by the portal as ISO instants with milliseconds (from the
 * provider's Unix seconds), so the instant round-trips exactly on both databases and the next
 * page starts right after the last row. The calendar check of z.iso.datetime keeps
 * "2024-13-45" away from PostgreSQL, which would answer it with an error, not a miss.
 */
const position = z.object({
  d: z.iso.datetime({ offset: false, precision: 3 }),
  i: cursorRowId,
}).strict();

export function encodeInvoiceCursor(at: InvoiceListPosition): string {
  return encodePageCursor({ d: at.invoiceDate, i: at.id });
}

export function decodeInvoiceCursor(cursor: string): InvoiceListPosition {
  const { d, i } = decodePageCursor(cursor, position, INVALID_INVOICE_CURSOR);
  return { invoiceDate: d, id: i };
}
