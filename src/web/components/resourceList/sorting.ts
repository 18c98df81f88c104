export type SortOrder = 'asc' | 'desc';

/** A list's order: the field the server sorts by and its direction, as the contracts name them. */
export interface ListSort<F extends string = string> {
  sortBy: F;
  sortOrder: SortOrder;
}

/** A repeated click on the same column toggles asc/desc; a new column starts ascending (the customer portal spec, domain list). */
export function nextSort<F extends string>(current: ListSort<F>, clicked: F): ListSort<F> {
  if (current.sortBy !== clicked) return { sortBy: clicked, sortOrder: 'asc' };
  return { sortBy: clicked, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
}
