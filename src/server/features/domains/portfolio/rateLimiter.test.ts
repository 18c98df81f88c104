import { describe, expect, it } from 'vitest';
import { type Pacing, RateLimiter } from './rateLimiter.ts';

function virtualTime(): Pacing & { at: () => number } {
  let now = 0;
  return { now: () => now, sleep: async (ms) => { now += ms; }, at: () => now };
}

/** The most calls that ended inside any window of `ms`, from their end times. */
function busiestWindow(ends: number[], ms: number): number {
  let best = 0;
  for (let i = 0, j = 0; i < ends.length; i++) {
    while (ends[i]! - ends[j]! >= ms) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('the portfolio sync\'s rate limiter', () => {
  it('keeps every window at once, sliding, and reports the peaks it saw', async () => {
    const time = virtualTime();
    const limiter = new RateLimiter({ concurrency: 4, windows: [{ max: 20, ms: 60_000 }, { max: 70, ms: 3_600_000 }] }, time);
    const ends: number[] = [];
    await Promise.all(Array.from({ length: 100 }, () => limiter.run(1, async () => { ends.push(time.at()); })));
    expect(ends).toHaveLength(100);
    expect(busiestWindow(ends, 60_000)).toBeLessThanOrEqual(20);
    expect(busiestWindow(ends, 3_600_000)).toBeLessThanOrEqual(70);
    // 100 calls at 70 an hour need more than an hour.
    expect(time.at()).toBeGreaterThan(3_600_000);
    expect(limiter.report()).toMatchObject({ calls: 100, peaks: [{ ms: 60_000, max: 20, seen: 20 }, { ms: 3_600_000, max: 70, seen: 70 }] });
  });

  it('counts a call of several requests as several, and never runs more than the concurrency at once', async () => {
    const time = virtualTime();
    const limiter = new RateLimiter({ concurrency: 1, windows: [{ max: 10, ms: 1000 }] }, time);
    let running = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 12 }, (_, i) => limiter.run(i % 2 === 0 ? 3 : 1, async () => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      running--;
    })));
    expect(most).toBe(1);
    expect(limiter.report().calls).toBe(24);
    expect(limiter.report().peaks[0]!.seen).toBeLessThanOrEqual(10);
  });

  it('a call that fails frees its place and still counts', async () => {
    const time = virtualTime();
    const limiter = new RateLimiter({ concurrency: 1, windows: [{ max: 2, ms: 1000 }] }, time);
    await expect(limiter.run(1, async () => { throw new Error('refused'); })).rejects.toThrow('refused');
    await limiter.run(1, async () => undefined);
    await limiter.run(1, async () => undefined);
    expect(time.at()).toBeGreaterThanOrEqual(1000);
    expect(limiter.report().calls).toBe(3);
  });
});
