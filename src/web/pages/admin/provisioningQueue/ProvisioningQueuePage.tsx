import { Anchor, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { HOSTING_STEP_ACTIONS, listProvisioningQueue, type ProvisioningStepSummary, QUEUE_PAGE_SIZE } from '../../../../common/hosting/queueContract.ts';
import { ACTION_LABELS, FAILED_TO_LOAD_QUEUE, FAILED_TO_LOAD_SERVERS, NO_FAILED_STEPS, NO_FAILED_STEPS_HINT } from '../../../../common/hosting/queueTexts.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';

const COLUMNS = ['Service', 'Account', 'Server', 'Action', 'Last error', 'Attempts', 'Failed'] as const;
const FIELDS = inputFields(listProvisioningQueue.input, ['action', 'serverId']);
const ACTION_OPTIONS = HOSTING_STEP_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }));

function StepRow({ step }: { step: ProvisioningStepSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <RowLink to={adminPath('provisioning', step.stepId)}>{step.domain ?? step.username ?? step.serviceId}</RowLink>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{step.productName}{step.username ? ` · ${step.username}` : ''}</Text>
      </Table.Td>
      <Table.Td data-label="Account">
        <RowLink to={adminPath('accounts', step.accountId)} secondary>{step.accountName ?? step.accountId}</RowLink>
      </Table.Td>
      <Table.Td data-label="Server"><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{step.serverName ?? '—'}</Text></Table.Td>
      <Table.Td data-label="Action">{ACTION_LABELS[step.action]}</Table.Td>
      <Table.Td data-label="Last error">
        <Text size="sm" lineClamp={3} title={step.error ?? undefined} style={{ overflowWrap: 'anywhere' }}>{step.error ?? '—'}</Text>
      </Table.Td>
      <Table.Td data-label="Attempts" ta="right">{step.attempts}</Table.Td>
      <Table.Td data-label="Failed">{step.failedAt ? <RelativeTime value={step.failedAt} /> : '—'}</Table.Td>
    </Table.Tr>
  );
}

export function Queue() {
  const filters = useUrlFilters(FIELDS);
  const { action, serverId } = filters.values;
  // A new filter starts at its first page; the page is kept per filter rather than in the address.
  const filterKey = `${action}|${serverId}`;
  const [paging, setPaging] = useState({ of: filterKey, page: 1 });
  const page = paging.of === filterKey ? paging.page : 1;
  const input = {
    action: (action || undefined) as ProvisioningStepSummary['action'] | undefined,
    serverId: serverId || undefined,
    page,
  };
  const queue = useFn('listProvisioningQueue', input, { placeholderData: (previous) => previous });
  const servers = useFn('listHostingServers', {});
  const serverOptions = (servers.data?.servers ?? []).map((s) => ({ value: s.id, label: s.name }));
  const steps = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (queue.data?.pageSize ?? QUEUE_PAGE_SIZE)));
  const first = (page - 1) * (queue.data?.pageSize ?? QUEUE_PAGE_SIZE) + 1;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Provisioning queue"
        context={(
          <>
            Hosting steps their panel did not finish, newest failure first{queue.data ? ` (${total} in the queue)` : ''}.
            Open one to see every attempt and its panel calls, then Retry it or mark it done by hand.
          </>
        )}
      />
      <ResourceList
        label="Failed provisioning steps" columns={COLUMNS} numeric={['Attempts']} highlightOnHover
        query={queue} rows={steps} renderRow={(step) => <StepRow key={step.stepId} step={step} />}
        skeleton={{ count: 4, wide: ['Service', 'Last error'] }}
        failure={failureText(FAILED_TO_LOAD_QUEUE, queue.error)}
        empty={{
          title: NO_FAILED_STEPS, hint: NO_FAILED_STEPS_HINT,
          actions: <Anchor component={Link} to="/super-admin/servers">See the servers</Anchor>,
        }}
        filters={filters}
        count={steps.length > 0 ? `Showing ${first}–${first + steps.length - 1} of ${total}` : undefined}
        toolbar={(
          <ListToolbar label="Filter failed steps">
            <Select label="Action" placeholder="All actions" data={ACTION_OPTIONS} clearable style={{ flex: '1 1 180px' }} {...filters.choice('action')} />
            <Select
              label="Server" placeholder="All servers" data={serverOptions} clearable searchable style={{ flex: '1 1 220px' }}
              error={servers.isError ? failureText(FAILED_TO_LOAD_SERVERS, servers.error) : undefined}
              {...filters.choice('serverId')}
            />
          </ListToolbar>
        )}
      />
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={(next) => setPaging({ of: filterKey, page: next })} siblings={0} aria-label="Queue pages" />
        </Group>
      )}
    </Stack>
  );
}

/** /super-admin/provisioning: the failed lifecycle steps of hosting services, filtered by action and server, a page at a time. */
export default function ProvisioningQueuePage() {
  return <RequireSuperAdmin><Queue /></RequireSuperAdmin>;
}
