import { formatDateTime } from '../../../components/dateFormat.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Within the last day relative ("just now", "4 min ago", "3 h ago"), older as a local date and time. */
export function eventTime(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'N/A';
  const ago = now - at;
  if (ago < 0 || ago >= 24 * HOUR) return formatDateTime(iso);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  return `${Math.floor(ago / HOUR)} h ago`;
}
