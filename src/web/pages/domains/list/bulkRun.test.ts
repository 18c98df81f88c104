import { describe, expect, it } from 'vitest';
import { chunk, outcomeHeadline, runPooled, summarise } from './bulkRun.ts';

describe('runPooled', () => {
  it('runs every item once, never more than the limit at a time, and keeps the order of the results', async () => {
    let inFlight = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const progress: number[] = [];
    const run = runPooled([1, 2, 3, 4, 5], 2, async (n) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise<void>((resolve) => releases.push(resolve));
      inFlight -= 1;
      return n * 10;
    }, (done) => progress.push(done));
    // Release the waiting calls one by one, latest first, until all five have run.
    while (progress.length < 5) {
      await new Promise((r) => setImmediate(r));
      releases.pop()?.();
    }
    expect(await run).toEqual([10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers an empty list with no call', async () => {
    let calls = 0;
    expect(await runPooled([], 3, async () => { calls += 1; })).toEqual([]);
    expect(calls).toBe(0);
  });
});

describe('chunk', () => {
  it('splits into pieces of the size, the last one shorter', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 100)).toEqual([]);
  });
});

describe('summarise', () => {
  it('counts the successes and lists each failure with its reason', () => {
    const outcome = summarise([
      { domain: 'a.com', success: true, error: null },
      { domain: 'b.com', success: false, error: 'The registrar is not reachable right now.' },
      { domain: 'c.com', success: false, error: null },
    ]);
    expect(outcome).toEqual({
      succeeded: 1,
      failed: [{ domain: 'b.com', reason: 'The registrar is not reachable right now.' }, { domain: 'c.com', reason: 'Unknown error' }],
    });
    expect(outcomeHeadline(outcome)).toBe('1 succeeded, 2 failed');
    expect(outcomeHeadline({ succeeded: 3, failed: [] })).toBe('3 succeeded');
  });
});
