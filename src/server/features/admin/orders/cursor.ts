import { z } from 'zod';
import { INVALID_ORDERS_CURSOR, type OrderSortField } from '../../../../common/admin/orders/texts.ts';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor, schemaPerKey } from '../../../rpc/pageCursor.ts';
import type { OrderListPosition, SortOrder } from '../../domains/index.ts';

const valueSchema = (sortBy: OrderSortField): z.ZodType<string | number> => {
  if (sortBy === 'createdAt') return cursorTimestamp;
  if (sortBy === 'totalPrice') return z.number().int().min(-(2 ** 53)).max(2 ** 53);
  return z.string().max(256).refine((v) => !v.includes('\u0000'));
};

// The sort travels in the cursor: a cursor of one sort used with another is refused, not misread.
export function encodeOrderCursor(sortBy: OrderSortField, sortOrder: SortOrder, at: OrderListPosition): string {
  return encodePageCursor({ s: `${sortBy}.${sortOrder}`, v: at.value as string, i: at.id });
}

const keysFor = schemaPerKey((sort: `${OrderSortField}.${SortOrder}`) =>
  z.object({ s: z.literal(sort), v: valueSchema(sort.split('.')[0] as OrderSortField), i: cursorRowId }).strict());

export function decodeOrderCursor(cursor: string, sortBy: OrderSortField, sortOrder: SortOrder): OrderListPosition {
  const { v, i } = decodePageCursor(cursor, keysFor(`${sortBy}.${sortOrder}`), INVALID_ORDERS_CURSOR);
  return { value: v, id: i };
}
