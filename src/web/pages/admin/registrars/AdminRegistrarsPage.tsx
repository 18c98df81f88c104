import { Alert, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { REGISTRAR_TEXTS } from '../../../../common/admin/registrars/texts.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { TldSyncPanel } from '../dashboard/TldSyncPanel.tsx';
import { HealthCard } from './HealthCard.tsx';
import { SUPPLIER_COLUMNS, SupplierTable } from './SupplierTable.tsx';
import { TestLogsCard } from './TestLogsCard.tsx';

function Registrars() {
  const state = useFn('getRegistrarHealth', {});
  const feedback = useFeedback();

  let body: ReactNode;
  if (state.isPending) {
    body = (
      <Stack gap="md" aria-busy aria-label="Loading suppliers">
        <StackedTable label="Suppliers" columns={SUPPLIER_COLUMNS}><SkeletonRows columns={SUPPLIER_COLUMNS} count={3} wide={['Name']} /></StackedTable>
        <Skeleton height={160} />
      </Stack>
    );
  } else if (state.isError) {
    body = <LoadFailedAlert onRetry={() => state.refetch()}>{failureText(REGISTRAR_TEXTS.loadFailed, state.error)}</LoadFailedAlert>;
  } else if (state.data.suppliers.length === 0) {
    body = <Alert color="gray" title="No suppliers">{REGISTRAR_TEXTS.noSuppliers}</Alert>;
  } else {
    const { suppliers, windowDays } = state.data;
    body = (
      <Stack gap="md">
        <SupplierTable suppliers={suppliers} feedback={feedback} />
        <HealthCard suppliers={suppliers} windowDays={windowDays} />
        <TestLogsCard suppliers={suppliers} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Registrar Management"
        context="The domain suppliers: which are active for pricing and failover, how their APIs answer, their TLD prices, and their domains synced into the inventory."
      />
      <FeedbackAlert feedback={feedback} closable />
      {body}
      <TldSyncPanel />
    </Stack>
  );
}

/** /super-admin/registrars: suppliers, their health, an API test and the TLD sync. */
export default function AdminRegistrarsPage() {
  return <RequireSuperAdmin><Registrars /></RequireSuperAdmin>;
}
