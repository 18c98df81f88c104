import type { PriceInterval } from '../../../../common/billing/billing.ts';

/**
 * `count` intervals after `anchor` (Unix seconds, UTC), as Stripe bills: a month later on the
 * same day, or the month's last day when it is shorter (31 January, 28 February, 31 March).
 */
export function addIntervals(anchor: number, interval: PriceInterval, count: number): number {
  const start = new Date(anchor * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + months) / 12);
  const month = (start.getUTCMonth() + months) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds());
  return Math.floor(shifted / 1000);
}

/** The end of the period that starts at `periodStart`, counted from the subscription's anchor. */
export function periodEndAfter(anchor: number, interval: PriceInterval, periodStart: number): number {
  let count = 1;
  while (addIntervals(anchor, interval, count) <= periodStart) count += 1;
  return addIntervals(anchor, interval, count);
}
