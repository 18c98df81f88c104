import { z } from 'zod';
import { INVALID_USERS_CURSOR } from '../../../../common/admin/users/texts.ts';
import type { SortOrder, UserSortField } from '../../../../common/admin/users/contract.ts';
import type { UserListPosition } from '../../../auth/userList.ts';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor, schemaPerKey } from '../../../rpc/pageCursor.ts';

// The sort travels in the cursor: a cursor of one sort used with another is refused, not misread.
const keysFor = schemaPerKey((sort: `${UserSortField}.${SortOrder}`) =>
  z.object({ s: z.literal(sort), v: valueSchema(sort.split('.')[0] as UserSortField), i: cursorRowId }).strict());

const valueSchema = (sortBy: UserSortField): z.ZodType<string> =>
  (sortBy === 'createdAt' ? cursorTimestamp : z.string().max(256).refine((v) => !v.includes('\u0000')));

export function encodeUserCursor(sortBy: UserSortField, sortOrder: SortOrder, at: UserListPosition): string {
  return encodePageCursor({ s: `${sortBy}.${sortOrder}`, v: at.value, i: at.id });
}

export function decodeUserCursor(cursor: string, sortBy: UserSortField, sortOrder: SortOrder): UserListPosition {
  const { v, i } = decodePageCursor(cursor, keysFor(`${sortBy}.${sortOrder}`), INVALID_USERS_CURSOR);
  return { value: v, id: i };
}
