import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { HostingServiceStep } from '../../../../common/hosting/adminServicesContract.ts';
import { NO_STEPS } from '../../../../common/hosting/adminServicesTexts.ts';
import { ACTION_LABELS } from '../../../../common/hosting/queueTexts.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { StackedTable } from '../../../components/StackedTable.tsx';
import { adminPath } from '../adminPaths.ts';
import { StepStatusBadge } from '../provisioningQueue/stepLabels.tsx';

const COLUMNS = ['Step', 'Status', 'Requested', 'Finished', 'Attempts', 'Detail'] as const;

/** What the step was asked to do beyond its action: the package, the suspension reason and note. */
function inputText(input: Record<string, unknown>): string | null {
  const parts = ['package', 'reason', 'note'].filter((k) => typeof input[k] === 'string').map((k) => `${k}: ${String(input[k])}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

function StepRow({ step }: { step: HostingServiceStep }) {
  const asked = inputText(step.input);
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Text size="sm" fw={500}>{ACTION_LABELS[step.action]}</Text>
        {asked && <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{asked}</Text>}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{step.requestedBy ? `By ${step.requestedBy}` : 'By billing or the customer'}</Text>
      </Table.Td>
      <Table.Td data-label="Status"><StepStatusBadge status={step.status} /></Table.Td>
      <Table.Td data-label="Requested">{formatDateTime(step.requestedAt)}</Table.Td>
      <Table.Td data-label="Finished">{step.finishedAt ? formatDateTime(step.finishedAt) : '—'}</Table.Td>
      <Table.Td data-label="Attempts" ta="right">{step.attempts}</Table.Td>
      <Table.Td data-label="Detail">
        {step.lastError && <Text size="sm" c={step.status === 'failed' ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>{step.lastError}</Text>}
        {step.resolutionNote && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>Done by hand: {step.resolutionNote}</Text>}
        {step.status === 'failed' && (
          <Anchor component={Link} to={adminPath('provisioning', step.id)} size="sm">Open in the provisioning queue</Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The service's job history: every lifecycle step, newest first, each failed one linked to the provisioning queue. */
export function ServiceHistory({ steps }: { steps: HostingServiceStep[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">Job history</Title>
      {steps.length === 0
        ? <Paper withBorder p="lg"><Text size="sm" c="dimmed" role="status">{NO_STEPS}</Text></Paper>
        : <StackedTable label="Job history" columns={COLUMNS} numeric={['Attempts']}>{steps.map((s) => <StepRow key={s.id} step={s} />)}</StackedTable>}
    </Stack>
  );
}
