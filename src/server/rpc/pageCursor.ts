import { z } from 'zod';
import { invalidArgument } from './errors.ts';

/**
 * A stored instant as the server prints it: ISO UTC from the portal's own readers, and
 * "YYYY-MM-DD hh:mm:ss.ffffff+00" where a list casts PostgreSQL's timestamptz to text (in the
 * session's zone, so a server set to another zone prints e.g. "+05:30"). The offset must be one a
 * clock can have (up to 15:59, as PostgreSQL accepts): "+99" is answered by PostgreSQL with an
 * error, not a miss, and is no cursor the server wrote.
 */
const storedTimestamp = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d)?)?$/;

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

/**
 * A cursor key holding a stored timestamp exactly as the database printed it (so the next page
 * starts right after it). Every cursor decoder checks its dates with this one schema.
 */
export const cursorTimestamp = z.string().max(40).regex(storedTimestamp).refine(isRealInstant);

/** A row id inside a cursor: it goes into a query, where a NUL byte would be a PostgreSQL error, not a miss. */
export const cursorRowId = z.string().min(1).max(128).refine((id) => !id.includes('\u0000'));

/**
 * A list's cursor schema per sort (or list), built once: building a zod object costs many times
 * what checking a cursor with it does (a fifth of a deep page's server time when built per call).
 */
export function schemaPerKey<K extends string, T>(build: (key: K) => z.ZodType<T>): (key: K) => z.ZodType<T> {
  const built = new Map<K, z.ZodType<T>>();
  return (key) => {
    let schema = built.get(key);
    if (!schema) {
      schema = build(key);
      built.set(key, schema);
    }
    return schema;
  };
}

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
