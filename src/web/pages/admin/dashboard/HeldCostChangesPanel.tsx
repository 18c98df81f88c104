import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { HeldCostChange } from '../../../../common/admin/costHolds/contract.ts';
import { formatAmount } from '../../../../common/billing/billing.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { valueLabel } from '../../../components/labels.ts';

const HOLDS_LOAD_FAILED = 'Could not load the held cost changes.';

const costs = (c: HeldCostChange['after'] | null) => (c === null ? 'not listed'
  : ['registerCents', 'renewCents'].map((field) => {
    const cents = c[field as 'registerCents' | 'renewCents'];
    return `${field === 'registerCents' ? 'register' : 'renew'} ${cents === null ? '—' : formatAmount(cents, c.currency)}`;
  }).join(', '));

/**
 * Supplier cost changes a TLD sync held instead of applying (a move beyond the allowed share, or
 * to zero): the prices keep the old costs until an operator approves; a rejected change comes
 * back if the next sync reads it again.
 */
export function HeldCostChangesPanel() {
  const holds = useFn('listHeldCostChanges', {});
  const decide = useFnMutation('decideHeldCostChange', ['listHeldCostChanges', 'getTldPricing']);
  const [error, setError] = useState<string | null>(null);
  const held = holds.data?.changes.filter((c) => c.status === 'held') ?? [];
  const decided = holds.data?.changes.filter((c) => c.status !== 'held').slice(0, 5) ?? [];

  const act = async (id: string, decision: 'approve' | 'reject') => {
    setError(null);
    try {
      await decide.mutateAsync({ id, decision });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">Held cost changes</Title>
          <Text size="sm" c="dimmed">A sync that moves a supplier&apos;s cost by more than the allowed share, or to zero, is held here; prices keep the old cost until you approve it.</Text>
        </div>
        {holds.isError && <LoadFailedAlert onRetry={() => void holds.refetch()}>{HOLDS_LOAD_FAILED}</LoadFailedAlert>}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {holds.isSuccess && held.length === 0 && <Text size="sm">No cost change is waiting for a decision.</Text>}
        {held.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label="Held cost changes">
              <Table.Thead>
                <Table.Tr><Table.Th>Supplier</Table.Th><Table.Th>TLD</Table.Th><Table.Th>In use</Table.Th><Table.Th>Listed now</Table.Th><Table.Th>Why held</Table.Th><Table.Th /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {held.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.supplierName}</Table.Td>
                    <Table.Td>.{c.tld}</Table.Td>
                    <Table.Td>{costs(c.before)}</Table.Td>
                    <Table.Td>{costs(c.after)}</Table.Td>
                    <Table.Td><Text size="sm">{c.reason}</Text><Text size="xs" c="dimmed">{formatDateTime(c.detectedAt)}</Text></Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" onClick={() => void act(c.id, 'approve')} loading={decide.isPending && decide.variables?.id === c.id && decide.variables.decision === 'approve'}>Approve</Button>
                        <Button size="xs" variant="default" onClick={() => void act(c.id, 'reject')} loading={decide.isPending && decide.variables?.id === c.id && decide.variables.decision === 'reject'}>Reject</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {decided.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={500}>Recently decided</Text>
            {decided.map((c) => (
              <Text key={c.id} size="sm">
                <Badge size="sm" variant="light" color={c.status === 'approved' ? 'green' : 'gray'} mr={6}>{valueLabel(c.status)}</Badge>
                {c.supplierName} .{c.tld}: {c.reason}{c.decidedBy ? ` (${c.decidedBy})` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
