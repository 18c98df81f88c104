import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { ADMIN_DASHBOARD_TEXTS } from '../../../../common/adminDashboardTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ActivityChart } from './ActivityChart.tsx';
import { AdminTiles } from './AdminTiles.tsx';
import { StatCards, StatCardsSkeleton } from './StatCards.tsx';
import { TldSyncPanel } from './TldSyncPanel.tsx';

function Dashboard() {
  const stats = useFn('getSystemStats', {});
  let figures;
  if (stats.isPending) {
    figures = <><StatCardsSkeleton /><Skeleton height={330} radius="md" /></>;
  } else if (stats.isError) {
    figures = (
      <LoadFailedAlert onRetry={() => stats.refetch()}>
        {stats.error.message ? ADMIN_DASHBOARD_TEXTS.statsFailedWith(stats.error.message) : ADMIN_DASHBOARD_TEXTS.statsFailed}
      </LoadFailedAlert>
    );
  } else {
    figures = <><StatCards stats={stats.data} /><ActivityChart series={stats.data.series} /></>;
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">Super Admin</Title>
        <Text size="sm" c="dimmed">The platform at a glance: users, accounts and domain orders.</Text>
      </div>
      {figures}
      <AdminTiles />
      <TldSyncPanel />
    </Stack>
  );
}

/** /super-admin: the back office's dashboard, for global super admins. */
export default function AdminDashboardPage() {
  return <RequireSuperAdmin><Dashboard /></RequireSuperAdmin>;
}
