import { z } from 'zod';
import { invalidArgument } from '../../rpc/errors.ts';
import type { InvoiceListPosition } from './invoiceRepository.ts';

export const INVALID_INVOICE_CURSOR = 'The page cursor is not valid. Reload the invoice list.';

/**
 * Invoice dates are written by the portal as ISO instants with milliseconds (from the
 * provider's Unix seconds), so the instant round-trips exactly on both databases and the next
 * page starts right after the last row. The calendar check of z.iso.datetime keeps
 * "2024-13-45" away from PostgreSQL, which would answer it with an error, not a miss.
 */
const position = z.object({
  d: z.iso.datetime({ offset: false, precision: 3 }),
  // The id goes into a query: a NUL byte would be a PostgreSQL error, not a miss.
  i: z.string().min(1).max(128).refine((id) => !id.includes('\u0000')),
}).strict();

/** Opaque to clients: base64url of the last row's date and id. */
export function encodeInvoiceCursor(at: InvoiceListPosition): string {
  return Buffer.from(JSON.stringify({ d: at.invoiceDate, i: at.id })).toString('base64url');
}

export function decodeInvoiceCursor(cursor: string): InvoiceListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidArgument(INVALID_INVOICE_CURSOR);
  }
  const checked = position.safeParse(parsed);
  if (!checked.success) throw invalidArgument(INVALID_INVOICE_CURSOR);
  return { invoiceDate: checked.data.d, id: checked.data.i };
}
