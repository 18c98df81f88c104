import type { SystemStats } from '../../../../common/admin/dashboard/contract.ts';
import { formatCount, StatCardGrid, StatCardGridSkeleton } from '../../../components/StatCards.tsx';

export function StatCardsSkeleton() {
  return <StatCardGridSkeleton label="Loading statistics" />;
}

/** Users, accounts, orders and failed orders, as getSystemStats counted them. */
export function StatCards({ stats }: { stats: SystemStats }) {
  const { users, accounts, orders } = stats;
  const rate = orders.successRate === null ? 'No order has finished yet' : `Success rate ${orders.successRate.toFixed(1)} %`;
  return (
    <StatCardGrid cards={[
      { label: 'Users', value: formatCount(users.total), detail: `${formatCount(users.superAdmins)} super ${users.superAdmins === 1 ? 'admin' : 'admins'}` },
      { label: 'Accounts', value: formatCount(accounts.total), detail: 'Customer accounts' },
      { label: 'Orders', value: formatCount(orders.total), detail: `${formatCount(orders.last24h)} in the last 24 hours` },
      { label: 'Failed orders', value: formatCount(orders.failed), detail: rate },
    ]} />
  );
}
