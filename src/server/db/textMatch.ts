/**
 * Text filters as index-friendly conditions, written once for every list.
 *
 * LIKE patterns escape %, _ and \ so typed text matches itself (queries say `escape '\'`);
 * the lower-cased forms pair with `lower(column)`.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
export const likeContaining = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
export const likeStartingWith = (text: string) => `${escapeLike(text.toLowerCase())}%`;

/**
 * The exclusive upper bound of a prefix range: every text starting with `prefix` sorts below
 * prefix + the highest UTF-16 code unit, so `column >= prefix and column < prefixEnd(prefix)`
 * reads one range of the column's index.
 */
export const prefixEnd = (prefix: string) => `${prefix}\uffff`;
