import { Button, Code, Group, Stack, Switch, Table, Text } from '@mantine/core';
import type { AdminFlow } from '../../../../common/admin/flows/contract.ts';
import { RelativeTime } from '../../../components/RelativeTime.tsx';

export const FLOW_COLUMNS = ['Flow', 'Triggers', 'Webhooks', 'Severities', 'Executions', 'Success rate', 'Active', 'Actions'];
export const FLOW_NUMERIC = ['Executions', 'Success rate'];

const CREATOR_LABELS: Record<AdminFlow['createdBy'], string> = {
  super_admin: 'Manual', quick_setup: 'Quick setup', template: 'Template', custom: 'Custom', duplicate: 'Duplicate',
};

interface FlowRowProps { flow: AdminFlow; busy: boolean; onToggle(): void; onDuplicate(): void; onDelete(): void }

export function FlowRow({ flow: f, busy, onToggle, onDuplicate, onDelete }: FlowRowProps) {
  const sending = f.actions.filter((a) => a.webhookActive).length;
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <div>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{f.name}</Text>
          <Text size="xs" c="dimmed">{CREATOR_LABELS[f.createdBy]} · <RelativeTime value={f.createdAt} /></Text>
        </div>
      </Table.Td>
      <Table.Td data-label="Triggers"><Group gap={4}>{f.triggers.map((t) => <Code key={t.eventType}>{t.eventType}</Code>)}</Group></Table.Td>
      <Table.Td data-label="Webhooks">
        <div>
        {f.actions.length === 0 ? <Text size="sm" c="red">None: sends nothing</Text> : (
          <Stack gap={0}>
            {f.actions.map((a) => (
              <Text key={a.webhookId} size="sm" c={a.webhookActive ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {a.webhookName ?? 'Deleted webhook'}{a.webhookActive ? '' : ' (inactive)'}
              </Text>
            ))}
          </Stack>
        )}
        {f.actions.length > 0 && sending === 0 && <Text size="xs" c="orange">No active webhook: sends nothing</Text>}
        </div>
      </Table.Td>
      <Table.Td data-label="Severities">{f.filters.severity.include.length ? f.filters.severity.include.join(', ') : 'All'}</Table.Td>
      <Table.Td data-label="Executions" ta="right">{f.statistics.totalExecutions}</Table.Td>
      <Table.Td data-label="Success rate" ta="right">{f.statistics.totalExecutions ? `${f.statistics.successRate}%` : '—'}</Table.Td>
      <Table.Td data-label="Active">
        <Switch checked={f.isActive} disabled={busy} onChange={onToggle} aria-label={`${f.isActive ? 'Deactivate' : 'Activate'} ${f.name}`} />
      </Table.Td>
      <Table.Td data-label="Actions">
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onDuplicate} aria-label={`Duplicate ${f.name}`}>Duplicate</Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${f.name}`}>Delete</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
