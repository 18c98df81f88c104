import { z } from 'zod';
import { INVALID_INVENTORY_CURSOR, type InventorySortField } from '../../../../common/admin/domainInventory/texts.ts';
import { cursorRowId, cursorTimestamp, decodePageCursor, encodePageCursor, schemaPerKey } from '../../../rpc/pageCursor.ts';
import type { InventoryPosition } from '../../domains/index.ts';

type SortKey = `${InventorySortField}.${'asc' | 'desc'}`;

/** The sort a cursor was made for travels in it: a page link of another sort would start at a meaningless place. */
const keysFor = schemaPerKey((sort: SortKey): z.ZodType<{ s: string; v?: string; i?: string }> => (sort.startsWith('domain.')
  ? z.object({ s: z.literal(sort), v: z.string().min(1).max(253).regex(/^[a-z0-9.-]+$/) }).strict()
  // No v: the page ended among the domains without an expiry.
  : z.object({ s: z.literal(sort), v: cursorTimestamp.optional(), i: cursorRowId }).strict()));

export function encodeInventoryCursor(sort: InventorySortField, order: 'asc' | 'desc', at: InventoryPosition & { name: string }): string {
  if (sort === 'domain') return encodePageCursor({ s: `${sort}.${order}`, v: at.name });
  return encodePageCursor({ s: `${sort}.${order}`, i: at.id, ...(at.value === null ? {} : { v: at.value }) });
}

export function decodeInventoryCursor(cursor: string, sort: InventorySortField, order: 'asc' | 'desc'): InventoryPosition {
  const keys = decodePageCursor(cursor, keysFor(`${sort}.${order}`), INVALID_INVENTORY_CURSOR);
  return { value: keys.v ?? null, id: keys.i ?? '' };
}
