import type { RegistrarId } from '../../../integrations/registrars/registrar.ts';

/** At most `max` calls in any `ms` (a sliding window: the strictest reading of a published limit). */
export interface RateWindow {
  max: number;
  ms: number;
}

export interface RateLimits {
  /** Calls in flight at once (Dynadot's "threads"). */
  concurrency: number;
  windows: RateWindow[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Each registrar's API limits, per account. The portfolio sync paces every call it makes within
 * these; the registrar fakes refuse above them.
 */
export const REGISTRAR_RATE_LIMITS: Record<Exclude<RegistrarId, 'sandbox'>, RateLimits> = {
  // Namecheap's API terms: 20 calls a minute, 700 an hour and 8,000 a day per user
  // (namecheap.com/support/api/intro, "API limits"). All three hold at once.
  namecheap: { concurrency: 4, windows: [{ max: 20, ms: MINUTE }, { max: 700, ms: HOUR }, { max: 8000, ms: DAY }] },
  // Dynadot's api-commands page limits threads by account tier: regular 1, bulk 5, super bulk 25;
  // one transcription adds 60/600/6000 calls a minute (⚠ not on the page itself). A regular
  // account's figures, the ones every account has.
  dynadot: { concurrency: 1, windows: [{ max: 60, ms: MINUTE }] },
  // Enom publishes no figure. A conservative one of ours: one call at a time, 60 a minute and
  // 2,000 an hour, well under what peers' modules send, so the sync never competes with orders.
  enom: { concurrency: 1, windows: [{ max: 60, ms: MINUTE }, { max: 2000, ms: HOUR }] },
  // Cloudflare's global API limit: 1,200 calls per five minutes per user (developers.cloudflare.com,
  // "Rate limits"); a few at once, as its list pages are one call each.
  cloudflare: { concurrency: 4, windows: [{ max: 1200, ms: 5 * MINUTE }] },
};

/** The limits with every window `scale` times as long (the bench runs a "minute" in a second at 1/60). */
export function scaleLimits(limits: RateLimits, scale: number): RateLimits {
  return { concurrency: limits.concurrency, windows: limits.windows.map((w) => ({ max: w.max, ms: w.ms * scale })) };
}

/**
 * The part of each window the nightly sync may use: the limits are per account, and orders,
 * renewals and customers' Sync buttons call the same registrar meanwhile.
 */
export const PORTFOLIO_SHARE = 0.75;

export function shareOf(limits: RateLimits, share: number): RateLimits {
  return { concurrency: limits.concurrency, windows: limits.windows.map((w) => ({ max: Math.max(1, Math.floor(w.max * share)), ms: w.ms })) };
}
