import { describe, expect, it } from 'vitest';
import { addIntervals, periodEndAfter } from './testPeriods.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (epoch: number) => new Date(epoch * 1000).toISOString();

describe('billing periods', () => {
  it('a month later on the same day and time', () => {
    expect(iso(addIntervals(at('2030-01-15T10:20:30Z'), 'month', 1))).toBe('2030-02-15T10:20:30.000Z');
    expect(iso(addIntervals(at('2030-11-15T00:00:00Z'), 'month', 2))).toBe('2031-01-15T00:00:00.000Z');
  });

  it('the month\'s last day when it is shorter, back to the anchor\'s day after', () => {
    const anchor = at('2030-01-31T12:00:00Z');
    expect([1, 2, 3].map((n) => iso(addIntervals(anchor, 'month', n)).slice(0, 10))).toEqual(['2030-02-28', '2030-03-31', '2030-04-30']);
    expect(iso(addIntervals(at('2028-02-29T00:00:00Z'), 'year', 1)).slice(0, 10)).toBe('2029-02-28');
  });

  it('the period after a given start is counted from the anchor', () => {
    const anchor = at('2030-01-31T12:00:00Z');
    expect(iso(periodEndAfter(anchor, 'month', addIntervals(anchor, 'month', 1))).slice(0, 10)).toBe('2030-03-31');
    expect(iso(periodEndAfter(anchor, 'year', anchor)).slice(0, 10)).toBe('2031-01-31');
  });
});
