import { z } from 'zod';
import { DOMAIN_STATUSES, type DomainSortField, type SortOrder } from '../../../../common/domains/domains.ts';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor, schemaPerKey } from '../../../rpc/pageCursor.ts';

export const INVALID_DOMAIN_CURSOR = 'This page link is no longer valid.';

/**
 * Where the previous page of /domains ended: the last row's sort value exactly as the database
 * compares it (null once the page has reached the rows without that date, which come last) and its id.
 */
export interface DomainListPosition {
  value: string | null;
  id: string;
}



const sortValue: Record<DomainSortField, z.ZodType<string | undefined>> = {
  domain: z.string().min(1).max(253).regex(/^[a-z0-9.-]+$/),
  status: z.enum(DOMAIN_STATUSES),
  registrationDate: cursorTimestamp.optional(),
  expirationDate: cursorTimestamp.optional(),
};

/** The sort a cursor was made for travels in it: a page link of another sort would start at a meaningless place. */
const sortKey = (sortBy: DomainSortField, sortOrder: SortOrder) => `${sortBy}.${sortOrder}` as const;

const keysFor = schemaPerKey((sort: ReturnType<typeof sortKey>) =>
  z.object({ s: z.literal(sort), i: cursorRowId, v: sortValue[sort.split('.')[0] as DomainSortField] }).strict());

export function encodeDomainCursor(sortBy: DomainSortField, sortOrder: SortOrder, at: DomainListPosition): string {
  return encodePageCursor({ s: sortKey(sortBy, sortOrder), i: at.id, ...(at.value === null ? {} : { v: at.value }) });
}

export function decodeDomainCursor(cursor: string, sortBy: DomainSortField, sortOrder: SortOrder): DomainListPosition {
  const { i, v } = decodePageCursor(cursor, keysFor(sortKey(sortBy, sortOrder)), INVALID_DOMAIN_CURSOR);
  return { value: v ?? null, id: i };
}
