import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { SystemStats } from '../../../../common/contracts/adminDashboard.ts';

const number = new Intl.NumberFormat('en-US');

function StatCard({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>{label}</Text>
        <Text fz={28} fw={700} lh={1.1}>{value}</Text>
        <Text size="sm" c="dimmed">{detail}</Text>
      </Stack>
    </Paper>
  );
}

const grid = { base: 1, xs: 2, md: 4 } as const;

export function StatCardsSkeleton() {
  return (
    <SimpleGrid cols={grid} aria-busy aria-label="Loading statistics">
      {[0, 1, 2, 3].map((i) => <Skeleton key={i} height={112} radius="md" />)}
    </SimpleGrid>
  );
}

/** Users, accounts, orders and failed orders, as getSystemStats counted them. */
export function StatCards({ stats }: { stats: SystemStats }) {
  const { users, accounts, orders } = stats;
  const rate = orders.successRate === null ? 'No order has finished yet' : `Success rate ${orders.successRate.toFixed(1)} %`;
  return (
    <SimpleGrid cols={grid}>
      <StatCard label="Users" value={number.format(users.total)} detail={`${number.format(users.superAdmins)} super ${users.superAdmins === 1 ? 'admin' : 'admins'}`} />
      <StatCard label="Accounts" value={number.format(accounts.total)} detail="Customer accounts" />
      <StatCard label="Orders" value={number.format(orders.total)} detail={`${number.format(orders.last24h)} in the last 24 hours`} />
      <StatCard label="Failed orders" value={number.format(orders.failed)} detail={rate} />
    </SimpleGrid>
  );
}
