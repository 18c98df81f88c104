import { Table } from '@mantine/core';
import { StackedTable } from '../../../components/StackedTable.tsx';

const CALL_COLUMNS = ['Command', 'HTTP', 'ms', 'Outcome'] as const;

export interface PanelCallRow { command: string; status: number | null; ms: number; outcome: string }

/** The timed HTTP calls to a panel (a Test Connection, a step's attempt), stacked into cards on a phone. */
export function PanelCallsTable({ label, calls }: { label: string; calls: PanelCallRow[] }) {
  return (
    <StackedTable label={label} columns={CALL_COLUMNS} numeric={['HTTP', 'ms']}>
      {calls.map((call, i) => (
        <Table.Tr key={i}>
          <Table.Td data-label="Command" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{call.command}</Table.Td>
          <Table.Td data-label="HTTP" ta="right">{call.status ?? '—'}</Table.Td>
          <Table.Td data-label="ms" ta="right">{call.ms}</Table.Td>
          <Table.Td data-label="Outcome" style={{ overflowWrap: 'anywhere' }}>{call.outcome}</Table.Td>
        </Table.Tr>
      ))}
    </StackedTable>
  );
}
