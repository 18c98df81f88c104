/**
 * Enom's value formats: US dates with a 12-hour clock ('1/30/2027 5:23:00 PM'), prices as
 * decimal strings ('1,234.50'), and booleans spelled True/False, Yes/No or 1/0.
 */

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i;

/** An ISO instant, or null when the value is empty or unreadable. Dates without a zone are read as UTC. */
export function enomDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const us = US_DATE.exec(trimmed);
  if (us) {
    const [, month, day, year, hourText, minute, second, half] = us;
    let hour = Number(hourText ?? 0);
    if (half) hour = (hour % 12) + (half.toUpperCase() === 'PM' ? 12 : 0);
    const time = Date.UTC(Number(year), Number(month) - 1, Number(day), hour, Number(minute ?? 0), Number(second ?? 0));
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(trimmed)) {
    const time = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(trimmed) || trimmed.length === 10 ? trimmed : `${trimmed}Z`);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  return null;
}

/** Cents from a decimal price string; null when there is no price. */
export function enomCents(value: string | null | undefined): number | null {
  if (value == null) return null;
  const cleaned = value.replace(/[,$\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.replace('-', '').split('.');
  // Integer arithmetic: 19.99 * 100 in floating point is 1998.9999999999998.
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2)) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0);
  return cleaned.startsWith('-') ? -cents : cents;
}

/** true/false from True/False, Yes/No, 1/0, On/Off, Enabled/Disabled; null when absent or unknown. */
export function enomBoolean(value: string | null | undefined): boolean | null {
  if (value == null) return null;
  const v = value.trim().toLowerCase();
  if (['true', 'yes', '1', 'on', 'enabled', 'locked', 'active'].includes(v)) return true;
  if (['false', 'no', '0', 'off', 'disabled', 'unlocked', 'inactive', 'none', 'n/a'].includes(v)) return false;
  return null;
}
