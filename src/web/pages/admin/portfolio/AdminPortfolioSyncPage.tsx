import { Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { PORTFOLIO_FIELD_LABELS, type PortfolioDifference } from '../../../../common/admin/portfolio/contract.ts';
import type { FnOutput } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { valueLabel } from '../../../components/labels.ts';

type LastRun = NonNullable<FnOutput<'getPortfolioSync'>['lastRun']>;

const COLUMNS = ['Domain', 'Registrar', 'Field', 'Ours', 'Theirs', 'Seen at'] as const;
const REGISTRAR_COLUMNS = ['Registrar', 'Domains', 'Listed', 'Read one by one', 'Auto-renew turned off', 'Calls'] as const;
const RUN_COLORS: Record<string, string> = { queued: 'gray', running: 'blue', succeeded: 'green', failed: 'red' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      <Text component="div" size="sm">{children}</Text>
    </Stack>
  );
}

function RunCard({ run }: { run: LastRun | null }) {
  if (!run) return <Alert color="gray" title="No run yet">The portfolio sync has not run yet. It runs every night at 01:07 UTC, or now with Run now.</Alert>;
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group gap="sm">
          <Title order={2} size="h4">Last run</Title>
          <Badge color={RUN_COLORS[run.status] ?? 'gray'} variant="light">{valueLabel(run.status)}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label="Domains">{run.done} / {run.total ?? '…'}</Fact>
          <Fact label="Started">{run.startedAt ? formatDateTime(run.startedAt) : 'Waiting'}</Fact>
          <Fact label="Finished">{run.finishedAt ? formatDateTime(run.finishedAt) : '—'}</Fact>
          <Fact label="Asked by">{run.requestedBy ? 'An operator' : 'The nightly schedule'}</Fact>
        </SimpleGrid>
        {run.error && <Text size="sm" c="red">{run.error}</Text>}
        {run.registrars.length > 0 && (
          <StackedTable label="Registrars in the last run" columns={REGISTRAR_COLUMNS} numeric={REGISTRAR_COLUMNS.slice(1)}>
            {run.registrars.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td data-label="Registrar" data-primary>{r.name}{r.error && <Text size="xs" c="red">{r.error}</Text>}</Table.Td>
                <Table.Td data-label="Domains">{r.domains}</Table.Td>
                <Table.Td data-label="Listed">{r.listed}</Table.Td>
                <Table.Td data-label="Read one by one">{r.infoReads}</Table.Td>
                <Table.Td data-label="Auto-renew turned off">{r.autoRenewTurnedOff}</Table.Td>
                <Table.Td data-label="Calls">{r.calls}</Table.Td>
              </Table.Tr>
            ))}
          </StackedTable>
        )}
      </Stack>
    </Paper>
  );
}

function DifferenceRow({ d }: { d: PortfolioDifference }) {
  return (
    <Table.Tr>
      <Table.Td data-label="Domain" data-primary>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{d.domain}</Text>
        {d.action && <Text size="xs" c="orange.8">{d.action}</Text>}
      </Table.Td>
      <Table.Td data-label="Registrar">{d.registrar ?? '—'}</Table.Td>
      <Table.Td data-label="Field">{PORTFOLIO_FIELD_LABELS[d.field] ?? d.field}</Table.Td>
      <Table.Td data-label="Ours"><Code>{d.ours ?? '—'}</Code></Table.Td>
      <Table.Td data-label="Theirs"><Code>{d.theirs ?? '—'}</Code></Table.Td>
      <Table.Td data-label="Seen at">{formatDateTime(d.seenAt)}</Table.Td>
    </Table.Tr>
  );
}

function PortfolioSync() {
  // After Run now, the page looks again until the run it asked for has ended (the job starts it shortly).
  const [waitingAfter, setWaitingAfter] = useState<string | null | undefined>(undefined);
  const state = useFn('getPortfolioSync', {}, {
    refetchInterval: (query) => {
      const run = query.state.data?.lastRun;
      const ongoing = run?.status === 'running' || run?.status === 'queued';
      const awaited = waitingAfter !== undefined && (run?.id ?? null) === waitingAfter;
      return ongoing || awaited ? 2000 : false;
    },
  });
  const runNow = useFnMutation('runPortfolioSyncNow', ['getPortfolioSync']);
  const feedback = useFeedback();

  const start = () => {
    feedback.clear();
    const before = state.data?.lastRun?.id ?? null;
    runNow.mutate({}, {
      onSuccess: (answer) => {
        if (answer.queued) setWaitingAfter(before);
        return answer.queued ? feedback.success(answer.message) : feedback.error(answer.message);
      },
      onError: (error) => feedback.failure('Failed to start the portfolio sync', error),
    });
  };

  let body: ReactNode;
  if (state.isPending) {
    body = (
      <Stack gap="md" aria-busy aria-label="Loading the portfolio sync">
        <Skeleton height={120} />
        <StackedTable label="Differences" columns={COLUMNS}><SkeletonRows columns={COLUMNS} count={5} wide={['Domain']} /></StackedTable>
      </Stack>
    );
  } else if (state.isError) {
    body = <LoadFailedAlert onRetry={() => state.refetch()}>{failureText('Failed to load the portfolio sync', state.error)}</LoadFailedAlert>;
  } else {
    const { lastRun, differences, totalDifferences } = state.data;
    body = (
      <Stack gap="md">
        <RunCard run={lastRun} />
        <Group gap="sm">
          <Title order={2} size="h4">Differences</Title>
          <Badge variant="light" color={totalDifferences > 0 ? 'orange' : 'green'}>{totalDifferences}</Badge>
        </Group>
        {differences.length === 0 ? (
          <Alert color="green" title="No differences">Every domain compared agrees with its registrar.</Alert>
        ) : (
          <>
            {totalDifferences > differences.length && <Text size="sm" c="dimmed">Showing {differences.length} of {totalDifferences}, those needing an operator first.</Text>}
            <StackedTable label="Differences" columns={COLUMNS} widths={{ 'Seen at': 170 }}>
              {differences.map((d) => <DifferenceRow key={`${d.domainId} ${d.field}`} d={d} />)}
            </StackedTable>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Portfolio sync"
        context="Every night each domain is compared with its registrar (expiry, status, nameservers, lock, the registrar's own auto-renew), within each registrar's rate limits."
        actions={<Button onClick={start} loading={runNow.isPending}>Run now</Button>}
      />
      <FeedbackAlert feedback={feedback} closable />
      {body}
    </Stack>
  );
}

/** /super-admin/portfolio-sync: the nightly comparison with the registrars, its last run and the differences it found. */
export default function AdminPortfolioSyncPage() {
  return <RequireSuperAdmin><PortfolioSync /></RequireSuperAdmin>;
}
