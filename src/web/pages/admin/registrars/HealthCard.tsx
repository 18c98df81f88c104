import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SupplierHealth } from '../../../../common/admin/registrars/contract.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { StackedTable } from '../../../components/StackedTable.tsx';

export const HEALTH_COLUMNS = ['Supplier', 'Last call', 'Calls', 'Error rate', 'Latency', 'Balance'] as const;

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

/** Health from the calls we recorded (order attempts and TLD syncs); the registrars are not asked. */
export function HealthCard({ suppliers, windowDays }: { suppliers: SupplierHealth[]; windowDays: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">Health</Title>
          <Text size="sm" c="dimmed">
            From the registrar calls recorded over the last {windowDays} days: registrations, renewals and the checks before a retry.
            Unknown outcomes (time-outs, unclear answers) count as errors.
          </Text>
        </div>
        <StackedTable label="Registrar health" columns={HEALTH_COLUMNS} numeric={['Calls', 'Error rate', 'Latency']}>
          {suppliers.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td data-label="Supplier" data-primary>{s.name}</Table.Td>
              <Table.Td data-label="Last call">
                {s.lastCallAt ? <>{formatDateTime(s.lastCallAt)}<Text size="xs" c="dimmed">{s.lastCallKind}</Text></> : 'None recorded'}
              </Table.Td>
              <Table.Td data-label="Calls">
                {s.window.calls}
                {s.window.calls > 0 && <Text size="xs" c="dimmed">{s.window.failed} failed, {s.window.unknown} unknown</Text>}
              </Table.Td>
              <Table.Td data-label="Error rate">
                <Text size="sm" c={s.window.errorRate !== null && s.window.errorRate > 0.2 ? 'red' : undefined}>{percent(s.window.errorRate)}</Text>
              </Table.Td>
              <Table.Td data-label="Latency">
                {s.window.avgLatencyMs === null ? '—' : `${s.window.avgLatencyMs} ms`}
                {s.window.maxLatencyMs !== null && <Text size="xs" c="dimmed">max {s.window.maxLatencyMs} ms</Text>}
              </Table.Td>
              <Table.Td data-label="Balance"><Text size="sm" c="dimmed">{s.balance}</Text></Table.Td>
            </Table.Tr>
          ))}
        </StackedTable>
      </Stack>
    </Paper>
  );
}
