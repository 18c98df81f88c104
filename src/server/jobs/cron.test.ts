import { describe, expect, it } from 'vitest';
import { nextCronRun } from './cron.ts';

const at = (iso: string) => new Date(iso);
const next = (cron: string, from: string) => nextCronRun(cron, at(from)).toISOString();

describe('nextCronRun', () => {
  it('runs every minute at the start of the next minute', () => {
    expect(next('* * * * *', '2025-03-10T10:07:30.500Z')).toBe('2025-03-10T10:08:00.000Z');
  });

  it('is strictly after the given time, even on a matching minute', () => {
    expect(next('0 3 * * *', '2025-03-10T03:00:00.000Z')).toBe('2025-03-11T03:00:00.000Z');
    expect(next('0 3 * * *', '2025-03-10T02:59:59.000Z')).toBe('2025-03-10T03:00:00.000Z');
  });

  it('understands steps, ranges and lists', () => {
    expect(next('*/15 * * * *', '2025-03-10T10:07:00Z')).toBe('2025-03-10T10:15:00.000Z');
    expect(next('*/15 * * * *', '2025-03-10T10:45:00Z')).toBe('2025-03-10T11:00:00.000Z');
    expect(next('5,35 9-17 * * *', '2025-03-10T17:40:00Z')).toBe('2025-03-11T09:05:00.000Z');
    expect(next('10-20/5 * * * *', '2025-03-10T10:16:00Z')).toBe('2025-03-10T10:20:00.000Z');
  });

  it('counts weekdays from Sunday = 0, and 7 is Sunday too', () => {
    // 2025-03-10 is a Monday.
    expect(next('0 9 * * 1-5', '2025-03-14T09:00:00Z')).toBe('2025-03-17T09:00:00.000Z');
    expect(next('0 0 * * 0', '2025-03-10T00:00:00Z')).toBe('2025-03-16T00:00:00.000Z');
    expect(next('0 0 * * 7', '2025-03-10T00:00:00Z')).toBe('2025-03-16T00:00:00.000Z');
  });

  it('crosses months and years', () => {
    expect(next('0 0 1 * *', '2025-01-31T12:00:00Z')).toBe('2025-02-01T00:00:00.000Z');
    expect(next('0 0 1 1 *', '2025-03-10T00:00:00Z')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('finds 29 February in the next leap year', () => {
    expect(next('0 12 29 2 *', '2025-03-01T00:00:00Z')).toBe('2028-02-29T12:00:00.000Z');
  });

  it('runs on a day matching either day field when both are restricted, as cron does', () => {
    // The 13th, or any Friday: from Monday 10 March the next is Thursday 13 March, then Friday 14.
    expect(next('0 0 13 * 5', '2025-03-10T00:00:00Z')).toBe('2025-03-13T00:00:00.000Z');
    expect(next('0 0 13 * 5', '2025-03-13T00:00:00Z')).toBe('2025-03-14T00:00:00.000Z');
  });

  it('rejects malformed expressions', () => {
    for (const bad of ['* * * *', '* * * * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', '* * * * 8',
      '*/0 * * * *', 'a * * * *', ',5 * * * *', '5- * * * *', '20-10 * * * *']) {
      expect(() => nextCronRun(bad, new Date()), bad).toThrow();
    }
  });

  it('rejects an expression that can never run', () => {
    expect(() => nextCronRun('0 0 31 2 *', new Date())).toThrow('never matches');
  });
});
