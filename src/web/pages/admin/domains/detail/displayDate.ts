import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';

/**
 * A date in any form the spec's records carry (spec §3 "Managed domain"): a timestamp object
 * (with toDate()), an object of seconds and nanoseconds (also as _seconds/_nanoseconds, as such
 * timestamps serialise), an ISO string, or a number (milliseconds; seconds below 10^11).
 */
export function dateOf(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string' && value.trim() !== '') date = new Date(value);
  else if (typeof value === 'number' && Number.isFinite(value)) date = new Date(Math.abs(value) < 1e11 ? value * 1000 : value);
  else if (value && typeof value === 'object') {
    const stamp = value as { toDate?: unknown; seconds?: unknown; nanoseconds?: unknown; _seconds?: unknown; _nanoseconds?: unknown };
    if (typeof stamp.toDate === 'function') {
      const out: unknown = (stamp.toDate as () => unknown)();
      date = out instanceof Date ? out : null;
    } else {
      const seconds = stamp.seconds ?? stamp._seconds;
      const nanos = stamp.nanoseconds ?? stamp._nanoseconds ?? 0;
      if (typeof seconds === 'number' && typeof nanos === 'number') date = new Date(seconds * 1000 + Math.floor(nanos / 1e6));
    }
  }
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** The day (registries' dates are UTC days) in the reader's locale, or N/A when there is none or it cannot be read. */
export function showDate(value: unknown): string {
  const date = dateOf(value);
  return date ? date.toLocaleDateString(undefined, { timeZone: 'UTC' }) : DOMAIN_DETAIL_TEXTS.notAvailable;
}

/** The value of a date input (YYYY-MM-DD, UTC day) for a stored instant; empty for none. */
export function dayInputOf(value: string | null): string {
  const date = dateOf(value);
  return date ? date.toISOString().slice(0, 10) : '';
}
