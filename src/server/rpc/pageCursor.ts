import { z } from 'zod';
import { invalidArgument } from './errors.ts';

/** A row id inside a cursor: it goes into a query, where a NUL byte would be a PostgreSQL error, not a miss. */
export const cursorRowId = z.string().min(1).max(128).refine((id) => !id.includes('\u0000'));

/** Opaque to clients: base64url of a small JSON object naming the last row of the previous page. */
export function encodePageCursor(keys: Record<string, string>): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

/** The keys back, checked with the list's own schema; anything else is INVALID_ARGUMENT with the list's sentence. */
export function decodePageCursor<T>(cursor: string, keys: z.ZodType<T>, invalidMessage: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidArgument(invalidMessage);
  }
  const checked = keys.safeParse(parsed);
  if (!checked.success) throw invalidArgument(invalidMessage);
  return checked.data;
}
