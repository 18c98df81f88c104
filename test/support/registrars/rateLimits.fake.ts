/**
 * A registrar fake's published rate limits (portfolio sync, issue 18): every window at once,
 * sliding, counted on arrival. Above any of them the request is refused the registrar's way and
 * not counted. `now` is the test's clock (a ManualClock's, or scaled real time in the bench).
 */
export interface FakeRateLimit {
  windows: { max: number; ms: number }[];
  now?: () => number;
}

export interface RateGuard {
  /** True when the request fits every window (and it is counted); false: refuse it. */
  admit(): boolean;
  /** Requests admitted and refused, and the most admitted in any one window. */
  report(): { admitted: number; refused: number; peaks: { ms: number; max: number; seen: number }[] };
}

export function createRateGuard(limit: FakeRateLimit | undefined): RateGuard {
  const now = limit?.now ?? (() => Date.now());
  const windows = limit?.windows ?? [];
  const arrivals: number[] = [];
  const peaks = windows.map((w) => ({ ms: w.ms, max: w.max, seen: 0 }));
  let admitted = 0;
  let refused = 0;
  const countSince = (since: number) => {
    let low = 0;
    let high = arrivals.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (arrivals[mid]! > since) high = mid;
      else low = mid + 1;
    }
    return arrivals.length - low;
  };
  return {
    admit() {
      const at = now();
      if (windows.some((w) => countSince(at - w.ms) >= w.max)) {
        refused++;
        return false;
      }
      arrivals.push(at);
      admitted++;
      windows.forEach((w, i) => { peaks[i]!.seen = Math.max(peaks[i]!.seen, countSince(at - w.ms)); });
      return true;
    },
    report: () => ({ admitted, refused, peaks: peaks.map((p) => ({ ...p })) }),
  };
}
