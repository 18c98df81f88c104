import { describe, expect, it } from 'vitest';
import { successRate, utcDayStart, zeroFilledSeries } from './statsSeries.ts';

describe('success rate', () => {
  it('is completed over completed plus failed, in percent with one decimal', () => {
    expect(successRate(3, 1)).toBe(75);
    expect(successRate(2, 1)).toBe(66.7);
    expect(successRate(1, 2)).toBe(33.3);
    expect(successRate(1, 0)).toBe(100);
    expect(successRate(0, 4)).toBe(0);
  });

  it('is null while no order has completed or failed, rather than a made-up 0 or 100 %', () => {
    expect(successRate(0, 0)).toBeNull();
  });
});

describe('the 30-day series', () => {
  it('starts at midnight UTC, whatever the hour', () => {
    expect(utcDayStart(new Date('2026-03-10T23:59:59.999Z')).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(utcDayStart(new Date('2026-03-10T00:00:00.000Z'), 29).toISOString()).toBe('2026-02-09T00:00:00.000Z');
  });

  it('has one entry per day, oldest first, ending today, with missing days as zero', () => {
    const series = zeroFilledSeries(new Date('2026-03-01T05:00:00Z'), 30, new Map([['2026-02-28', 4], ['2026-01-31', 2]]), new Map([['2026-03-01', 1]]));
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ date: '2026-01-31', orders: 2, signUps: 0 });
    expect(series[28]).toEqual({ date: '2026-02-28', orders: 4, signUps: 0 });
    expect(series[29]).toEqual({ date: '2026-03-01', orders: 0, signUps: 1 });
    expect(new Set(series.map((d) => d.date)).size).toBe(30);
  });
});
