import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { SupplierHealth } from '../../../../common/admin/registrars/contract.ts';
import { LAST_SUPPLIER_CODE, REGISTRAR_TEXTS } from '../../../../common/admin/registrars/texts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FunctionCallError } from '../../../api/functionCallError.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import type { FeedbackState } from '../../../components/MutationFeedback.tsx';
import { StackedTable } from '../../../components/StackedTable.tsx';
import { type DomainSyncAnswer, DomainSyncSummary } from './DomainSyncSummary.tsx';
import { SyncDomainsButton } from './SyncDomainsButton.tsx';

export const SUPPLIER_COLUMNS = ['ID', 'Name', 'Status', 'TLDs', 'Last synced', 'Last error', 'Domains', 'Action'] as const;

const isLastSupplierWarning = (error: unknown) =>
  error instanceof FunctionCallError && (error.details as { code?: string } | undefined)?.code === LAST_SUPPLIER_CODE;

function ActionCell({ supplier, busy, onToggle }: { supplier: SupplierHealth; busy: boolean; onToggle(): void }) {
  if (supplier.comingSoon) return <Text size="sm" c="dimmed">{REGISTRAR_TEXTS.comingSoon}</Text>;
  if (!supplier.isActive && !supplier.configured) return <Text size="sm" c="dimmed">Not configured</Text>;
  return (
    <Button size="xs" variant={supplier.isActive ? 'default' : 'filled'} color={supplier.isActive ? 'red' : undefined} loading={busy} onClick={onToggle}
      aria-label={`${supplier.isActive ? 'Deactivate' : 'Activate'} ${supplier.name}`}>
      {supplier.isActive ? 'Deactivate' : 'Activate'}
    </Button>
  );
}

/** The suppliers with Activate/Deactivate; deactivating the last supplier of TLDs with domains asks first. */
export function SupplierTable({ suppliers, feedback }: { suppliers: SupplierHealth[]; feedback: FeedbackState }) {
  const setActive = useFnMutation('setSupplierActive', ['getRegistrarHealth', 'getTldPricing']);
  const [pending, setPending] = useState<string | null>(null);
  const [syncing, setSyncing] = useState<string | null>(null);
  const [lastSync, setLastSync] = useState<{ supplier: string; answer: DomainSyncAnswer } | null>(null);
  const [warning, setWarning] = useState<{ supplier: SupplierHealth; message: string } | null>(null);

  const change = (supplier: SupplierHealth, isActive: boolean, confirm = false) => {
    feedback.clear();
    setPending(supplier.id);
    setActive.mutate({ supplierId: supplier.id, isActive, ...(confirm ? { confirm } : {}) }, {
      onSuccess: () => {
        setWarning(null);
        feedback.success(`${supplier.name} ${isActive ? 'activated' : 'deactivated'}.`);
      },
      onError: (error) => {
        if (!confirm && isLastSupplierWarning(error)) setWarning({ supplier, message: error.message });
        else feedback.failure(REGISTRAR_TEXTS.updateFailed, error);
      },
      onSettled: () => setPending(null),
    });
  };

  return (
    <>
      {lastSync && <DomainSyncSummary supplier={lastSync.supplier} answer={lastSync.answer} onClose={() => setLastSync(null)} />}
      <StackedTable label="Suppliers" columns={SUPPLIER_COLUMNS} numeric={['TLDs']} widths={{ 'Last synced': 170 }}>
        {suppliers.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td data-label="ID"><Text size="sm" ff="monospace">{s.id}</Text></Table.Td>
            <Table.Td data-label="Name" data-primary>{s.name}</Table.Td>
            <Table.Td data-label="Status"><Badge color={s.isActive ? 'green' : 'gray'} variant="light">{s.isActive ? 'Active' : 'Inactive'}</Badge></Table.Td>
            <Table.Td data-label="TLDs">{s.tldCount}</Table.Td>
            <Table.Td data-label="Last synced">{s.lastSyncedAt ? formatDateTime(s.lastSyncedAt) : 'Never'}</Table.Td>
            <Table.Td data-label="Last error">
              {s.lastSyncError ? <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>{s.lastSyncError}</Text> : '—'}
            </Table.Td>
            <Table.Td data-label="Domains">
              {s.comingSoon ? <Text size="sm" c="dimmed">{REGISTRAR_TEXTS.comingSoon}</Text>
                : s.configured ? <SyncDomainsButton supplier={s} feedback={feedback} busy={syncing !== null} onBusy={(on) => setSyncing(on ? s.id : null)}
                  onAnswer={(answer) => setLastSync(answer && { supplier: s.name, answer })} />
                  : <Text size="sm" c="dimmed">Not configured</Text>}
            </Table.Td>
            <Table.Td data-label="Action">
              <ActionCell supplier={s} busy={pending === s.id} onToggle={() => change(s, !s.isActive)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </StackedTable>
      <Modal opened={warning !== null} onClose={() => setWarning(null)} title={`Deactivate ${warning?.supplier.name ?? ''}?`}>
        <Stack>
          <Text size="sm">{warning?.message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarning(null)}>Cancel</Button>
            <Button color="red" loading={setActive.isPending} onClick={() => warning && change(warning.supplier, false, true)}>Deactivate anyway</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
