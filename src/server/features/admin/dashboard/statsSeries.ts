import type { SystemStatsDay } from '../../../../common/admin/dashboard/contract.ts';

const DAY_MS = 86_400_000;

/** Midnight UTC of the day `now` falls in, `daysBack` days earlier. */
export function utcDayStart(now: Date, daysBack = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysBack * DAY_MS);
}

/** `days` UTC days ending with today's, oldest first; a day missing from a count is zero. */
export function zeroFilledSeries(now: Date, days: number, orders: Map<string, number>, signUps: Map<string, number>): SystemStatsDay[] {
  const first = utcDayStart(now, days - 1).getTime();
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    return { date, orders: orders.get(date) ?? 0, signUps: signUps.get(date) ?? 0 };
  });
}

/** completed / (completed + failed) in percent, one decimal; null while nothing has finished either way. */
export function successRate(completed: number, failed: number): number | null {
  const finished = completed + failed;
  if (finished === 0) return null;
  return Math.round((completed / finished) * 1000) / 10;
}
