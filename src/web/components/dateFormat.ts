/** Dates from the server are ISO strings; anything missing or unparseable shows 'N/A' (spec section 3). */
function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? date.toLocaleDateString() : 'N/A';
}

export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? date.toLocaleString() : 'N/A';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Within the last day relative ("just now", "12 min ago", "3 h ago"); older, or in the future
 * (an expiry), the local date, with the time when `withTime`.
 */
export function formatRelative(value: string | null | undefined, now: number, { withTime = true } = {}): string {
  const date = parse(value);
  if (!date) return 'N/A';
  const ago = now - date.getTime();
  // A minute ahead is the two clocks disagreeing, not the future.
  if (ago < -MINUTE || ago >= DAY) return withTime ? date.toLocaleString() : date.toLocaleDateString();
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  return `${Math.floor(ago / HOUR)} h ago`;
}
