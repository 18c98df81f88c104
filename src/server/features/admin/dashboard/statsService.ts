import { STATS_SERIES_DAYS, type SystemStats } from '../../../../common/admin/dashboard/contract.ts';
import type { Services } from '../../../rpc/context.ts';
import { countAccounts } from '../../../access/operatorAccounts.ts';
import { countSignUpsPerDay, countUsers } from '../../../auth/operatorUsers.ts';
import { successRate, utcDayStart, zeroFilledSeries } from './statsSeries.ts';
import { countOrdersByStatus, countOrdersPerDay, countOrdersSince } from '../../domains/index.ts';

const DAY_MS = 86_400_000;

export async function systemStats({ db, clock }: Pick<Services, 'db' | 'clock'>): Promise<SystemStats> {
  const now = clock.now();
  const firstDay = utcDayStart(now, STATS_SERIES_DAYS - 1);
  const [users, accounts, byStatus, last24h, ordersPerDay, signUpsPerDay] = await Promise.all([
    countUsers(db),
    countAccounts(db),
    countOrdersByStatus(db),
    countOrdersSince(db, new Date(now.getTime() - DAY_MS)),
    countOrdersPerDay(db, firstDay),
    countSignUpsPerDay(db, firstDay, STATS_SERIES_DAYS),
  ]);
  const completed = byStatus.get('completed') ?? 0;
  const failed = byStatus.get('failed') ?? 0;
  return {
    users,
    accounts: { total: accounts },
    orders: {
      total: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
      last24h,
      failed,
      successRate: successRate(completed, failed),
    },
    series: zeroFilledSeries(now, STATS_SERIES_DAYS, ordersPerDay, signUpsPerDay),
    generatedAt: now.toISOString(),
  };
}
