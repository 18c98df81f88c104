import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ADMIN_DASHBOARD_TEXTS } from '../../../../common/admin/dashboard/texts.ts';
import { useFn } from '../../../api/hooks.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { AdminTiles } from './AdminTiles.tsx';
import { StatCards, StatCardsSkeleton } from './StatCards.tsx';
import { HeldCostChangesPanel } from './HeldCostChangesPanel.tsx';
import { TldSyncPanel } from './TldSyncPanel.tsx';

// The chart library is most of the page's weight: the figures show while it arrives.
const ActivityChart = lazy(() => import('./ActivityChart.tsx').then((m) => ({ default: m.ActivityChart })));
const chartSkeleton = <Skeleton height={330} radius="md" />;

function Dashboard() {
  const stats = useFn('getSystemStats', {});
  let figures;
  if (stats.isPending) {
    figures = <><StatCardsSkeleton />{chartSkeleton}</>;
  } else if (stats.isError) {
    figures = (
      <LoadFailedAlert onRetry={() => stats.refetch()}>
        {stats.error.message ? ADMIN_DASHBOARD_TEXTS.statsFailedWith(stats.error.message) : ADMIN_DASHBOARD_TEXTS.statsFailed}
      </LoadFailedAlert>
    );
  } else {
    figures = <><StatCards stats={stats.data} /><Suspense fallback={chartSkeleton}><ActivityChart series={stats.data.series} /></Suspense></>;
  }
  return (
    <Stack gap="lg">
      <PageHeader title="Super Admin" context="The platform at a glance: users, accounts and domain orders." />
      {figures}
      <AdminTiles />
      <TldSyncPanel />
      <HeldCostChangesPanel />
    </Stack>
  );
}

/** /super-admin: the back office's dashboard, for global super admins. */
export default function AdminDashboardPage() {
  return <RequireSuperAdmin><Dashboard /></RequireSuperAdmin>;
}
