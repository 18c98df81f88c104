import type { Clock } from '../../src/server/clock.ts';

/** A clock that stands still until the test moves it (from the real time at construction, unless told). */
export class ManualClock implements Clock {
  private at: number;

  constructor(start: Date | string | number = Date.now()) {
    this.at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  nowIso(): string {
    return this.now().toISOString();
  }

  advance(ms: number): void {
    this.at += ms;
  }

  set(to: Date | string | number): void {
    this.at = new Date(to).getTime();
  }
}
