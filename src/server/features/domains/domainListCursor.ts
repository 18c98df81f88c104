import { z } from 'zod';
import { DOMAIN_STATUSES, type DomainSortField, type SortOrder } from '../../../common/domains.ts';
import { cursorRowId, decodePageCursor, encodePageCursor } from '../../rpc/pageCursor.ts';

export const INVALID_DOMAIN_CURSOR = 'This page link is no longer valid.';

/**
 * Where the previous page of /domains ended: the last row's sort value exactly as the database
 * compares it (null once the page has reached the rows without that date, which come last) and its id.
 */
export interface DomainListPosition {
  value: string | null;
  id: string;
}

// A stored instant as each dialect prints it: ISO from SQLite, "YYYY-MM-DD hh:mm:ss.ffffff+00" from PostgreSQL.
const storedTimestamp = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** The pattern admits "2024-13-45T99:99:99Z", which PostgreSQL refuses with an error: the fields must name a real instant. */
function isRealInstant(stamp: string): boolean {
  const parts = stamp.match(/\d+/g);
  if (!parts || parts.length < 6) return false;
  const [y, mo, d, h, mi, s] = parts.slice(0, 6).map(Number);
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d
    && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s;
}

const sortValue: Record<DomainSortField, z.ZodType<string | undefined>> = {
  domain: z.string().min(1).max(253).regex(/^[a-z0-9.-]+$/),
  status: z.enum(DOMAIN_STATUSES),
  registrationDate: z.string().max(40).regex(storedTimestamp).refine(isRealInstant).optional(),
  expirationDate: z.string().max(40).regex(storedTimestamp).refine(isRealInstant).optional(),
};

/** The sort a cursor was made for travels in it: a page link of another sort would start at a meaningless place. */
const sortKey = (sortBy: DomainSortField, sortOrder: SortOrder) => `${sortBy}.${sortOrder}`;

export function encodeDomainCursor(sortBy: DomainSortField, sortOrder: SortOrder, at: DomainListPosition): string {
  return encodePageCursor({ s: sortKey(sortBy, sortOrder), i: at.id, ...(at.value === null ? {} : { v: at.value }) });
}

export function decodeDomainCursor(cursor: string, sortBy: DomainSortField, sortOrder: SortOrder): DomainListPosition {
  const keys = z.object({ s: z.literal(sortKey(sortBy, sortOrder)), i: cursorRowId, v: sortValue[sortBy] }).strict();
  const { i, v } = decodePageCursor(cursor, keys, INVALID_DOMAIN_CURSOR);
  return { value: v ?? null, id: i };
}
