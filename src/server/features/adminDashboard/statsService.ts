import { STATS_SERIES_DAYS, type SystemStats } from '../../../common/contracts/adminDashboard.ts';
import type { Services } from '../../rpc/context.ts';
import { countAccounts, countOrders, countPerDay, countUsers } from './statsQueries.ts';
import { successRate, utcDayStart, zeroFilledSeries } from './statsSeries.ts';

const DAY_MS = 86_400_000;

export async function systemStats({ db, dialect }: Pick<Services, 'db' | 'dialect'>, now = new Date()): Promise<SystemStats> {
  const seriesStart = utcDayStart(now, STATS_SERIES_DAYS - 1);
  const [users, accounts, orders, ordersPerDay, signUpsPerDay] = await Promise.all([
    countUsers(db),
    countAccounts(db),
    countOrders(db, new Date(now.getTime() - DAY_MS)),
    countPerDay(db, dialect, 'domain_orders', seriesStart),
    countPerDay(db, dialect, 'users', seriesStart),
  ]);
  return {
    users,
    accounts: { total: accounts },
    orders: { total: orders.total, last24h: orders.last24h, failed: orders.failed, successRate: successRate(orders.completed, orders.failed) },
    series: zeroFilledSeries(now, STATS_SERIES_DAYS, ordersPerDay, signUpsPerDay),
    generatedAt: now.toISOString(),
  };
}
