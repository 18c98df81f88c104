import type { RateLimits } from './rateLimits.ts';

/** The limiter's time: real time in production; a test's manual clock, or a scaled window in the bench. */
export interface Pacing {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realTime: Pacing = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface LimiterStats {
  calls: number;
  /** The most calls seen in any one window, per window, beside its limit. */
  peaks: { ms: number; max: number; seen: number }[];
  waitedMs: number;
}

/**
 * Paces calls to one registrar within all of its windows at once, sliding (no two fixed windows'
 * bursts back to back), and within its concurrency. A call counts from the moment it ends, not
 * the moment it starts: the registrar counted it somewhere in between, so counting it late can
 * only be early for us, never for them. Calls start in the order they were asked.
 */
export class RateLimiter {
  /** End times of past calls, oldest first (as long as the longest window needs). */
  private readonly ended: number[] = [];
  private head = 0;
  private inFlight = 0;
  private queue: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  private readonly stats: LimiterStats;

  constructor(private readonly limits: RateLimits, private readonly pacing: Pacing) {
    this.stats = { calls: 0, peaks: limits.windows.map((w) => ({ ms: w.ms, max: w.max, seen: 0 })), waitedMs: 0 };
  }

  /** Runs `send`, which makes `cost` calls at once (a getInfo asking several commands), when they fit. */
  async run<T>(cost: number, send: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(() => this.admit(cost));
    this.queue = turn.catch(() => undefined);
    await turn;
    try {
      return await send();
    } finally {
      this.inFlight -= cost;
      const at = this.pacing.now();
      for (let i = 0; i < cost; i++) this.ended.push(at);
      this.stats.calls += cost;
      this.notePeaks(at);
      this.wake?.();
    }
  }

  report(): LimiterStats {
    return { calls: this.stats.calls, waitedMs: this.stats.waitedMs, peaks: this.stats.peaks.map((p) => ({ ...p })) };
  }

  private async admit(cost: number): Promise<void> {
    const longest = Math.max(0, ...this.limits.windows.map((w) => w.ms));
    for (;;) {
      const now = this.pacing.now();
      while (this.head < this.ended.length && this.ended[this.head]! <= now - longest) this.head++;
      if (this.head > 4096) {
        this.ended.splice(0, this.head);
        this.head = 0;
      }
      if (this.inFlight + cost > Math.max(this.limits.concurrency, cost)) {
        await new Promise<void>((resolve) => { this.wake = resolve; });
        this.wake = null;
        continue;
      }
      const wait = this.waitFor(cost, now);
      if (wait <= 0) {
        this.inFlight += cost;
        return;
      }
      // Calls still in flight will count too once they end: wait for them before measuring again.
      if (this.inFlight > 0) {
        await new Promise<void>((resolve) => { this.wake = resolve; });
        this.wake = null;
        continue;
      }
      this.stats.waitedMs += wait;
      await this.pacing.sleep(wait);
    }
  }

  /** How long until `cost` more calls (plus those in flight) fit every window; 0 when they fit now. */
  private waitFor(cost: number, now: number): number {
    let wait = 0;
    for (const window of this.limits.windows) {
      const inWindow = this.countSince(now - window.ms);
      const over = inWindow + this.inFlight + cost - window.max;
      if (over <= 0) continue;
      // The `over`-th oldest call of the window must leave it first.
      const first = this.ended.length - inWindow;
      const leaving = this.ended[first + over - 1];
      if (leaving === undefined) return Number.POSITIVE_INFINITY;
      wait = Math.max(wait, leaving + window.ms - now + 1);
    }
    return wait;
  }

  /** Calls that ended after `since`. */
  private countSince(since: number): number {
    let low = this.head;
    let high = this.ended.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ended[mid]! > since) high = mid;
      else low = mid + 1;
    }
    return this.ended.length - low;
  }

  private notePeaks(now: number): void {
    for (const peak of this.stats.peaks) peak.seen = Math.max(peak.seen, this.countSince(now - peak.ms));
  }
}
