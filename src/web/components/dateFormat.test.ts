import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative } from './dateFormat.ts';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('dates relative for the last day', () => {
  it('says just now, minutes and hours ago within a day', () => {
    expect(formatRelative(before(20_000), now)).toBe('just now');
    expect(formatRelative(before(-5_000), now)).toBe('just now');
    expect(formatRelative(before(12 * 60_000 + 5_000), now)).toBe('12 min ago');
    expect(formatRelative(before(3 * 3_600_000 + 60_000), now)).toBe('3 h ago');
  });

  it('gives the local date and time from a day back, and for the future', () => {
    const old = before(25 * 3_600_000);
    expect(formatRelative(old, now)).toBe(formatDateTime(old));
    expect(formatRelative(old, now, { withTime: false })).toBe(formatDate(old));
    const later = new Date(now + 2 * 60_000).toISOString();
    expect(formatRelative(later, now, { withTime: false })).toBe(formatDate(later));
  });

  it('shows N/A for a missing or unreadable date', () => {
    expect(formatRelative(null, now)).toBe('N/A');
    expect(formatRelative('not a date', now)).toBe('N/A');
  });
});
