import { z } from 'zod';
import { ACCOUNT_NAME_MAX, type AccountSortField, INVALID_ACCOUNTS_CURSOR } from '../../../../common/admin/accounts/texts.ts';
import type { AccountListPosition } from '../../../access/operatorAccounts.ts';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor, schemaPerKey } from '../../../rpc/pageCursor.ts';

const sortValue: Record<AccountSortField, z.ZodType<string>> = {
  createdAt: cursorTimestamp,
  name: z.string().min(1).max(ACCOUNT_NAME_MAX).refine((v) => !v.includes('\u0000')),
};

/** The sort a cursor was made for travels in it: a page link of another sort would start at a meaningless place. */
const sortKey = (sortBy: AccountSortField, sortOrder: 'asc' | 'desc') => `${sortBy}.${sortOrder}` as const;

const keysFor = schemaPerKey((sort: ReturnType<typeof sortKey>) =>
  z.object({ s: z.literal(sort), v: sortValue[sort.split('.')[0] as AccountSortField], i: cursorRowId }).strict());

export function encodeAccountCursor(sortBy: AccountSortField, sortOrder: 'asc' | 'desc', at: AccountListPosition): string {
  return encodePageCursor({ s: sortKey(sortBy, sortOrder), v: at.value, i: at.id });
}

export function decodeAccountCursor(cursor: string, sortBy: AccountSortField, sortOrder: 'asc' | 'desc'): AccountListPosition {
  const { v, i } = decodePageCursor(cursor, keysFor(sortKey(sortBy, sortOrder)), INVALID_ACCOUNTS_CURSOR);
  return { value: v, id: i };
}
