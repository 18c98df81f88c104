import { Badge, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ImportAction, WhmcsPreviewRow } from '../../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_DECISION_LABELS } from '../../../../../common/admin/whmcsImport/texts.ts';
import { DOMAIN_STATUS_COLORS } from '../../../../../common/domains/domains.ts';
import { domainStatusLabel } from '../../../../components/labels.ts';
import { StackedTable } from '../../../../components/StackedTable.tsx';

export const PREVIEW_PAGE_SIZE = 25;
const COLUMNS = ['Line', 'Domain', 'In inventory', 'Current account', 'Proposed account', 'Status', 'Registrar', 'Decision'] as const;

/** The decisions that fit the row: a new domain is created or skipped; one we hold is moved (given an account), updated or skipped. */
export function choicesFor(row: WhmcsPreviewRow): ImportAction[] {
  if (!row.exists) return ['create', 'skip'];
  return row.proposedAccountId === null ? ['update_in_place', 'skip'] : ['move_to_new_account', 'update_in_place', 'skip'];
}

interface PreviewTableProps {
  rows: WhmcsPreviewRow[];
  accounts: Record<string, string>;
  overrides: Record<string, ImportAction>;
  onOverride: (domain: string, action: ImportAction | null) => void;
  disabled: boolean;
}

/** Every row of the preview with what apply will do, 25 to a page; the decision can be changed per row. */
export function PreviewTable({ rows, accounts, overrides, onOverride, disabled }: PreviewTableProps) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [only, setOnly] = useState<ImportAction | 'all' | 'noted'>('all');
  // A file of 100,000 rows is read by finding the rows that matter: a name, or one kind of decision.
  const filtered = useMemo(() => {
    const text = search.trim().toLowerCase();
    return rows.filter((row) => (text === '' || row.domain.includes(text))
      && (only === 'all' || (only === 'noted' ? row.note !== null : (overrides[row.domain] ?? row.decision) === only)));
  }, [rows, search, only, overrides]);
  const pages = Math.max(1, Math.ceil(filtered.length / PREVIEW_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = filtered.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE);
  const accountLabel = (id: string | null) => (id === null ? 'Unassigned' : accounts[id] ?? id);

  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput label="Find a domain" placeholder="example.com" value={search} onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }} w={{ base: '100%', xs: 240 }} />
        <NativeSelect label="Show" value={only} w={{ base: '100%', xs: 220 }}
          onChange={(e) => { setOnly(e.currentTarget.value as typeof only); setPage(1); }}
          data={[{ value: 'all', label: 'Every row' }, ...Object.entries(WHMCS_DECISION_LABELS).map(([value, label]) => ({ value, label })), { value: 'noted', label: 'Rows with a note' }]} />
        <Text size="sm" c="dimmed">{filtered.length.toLocaleString()} of {rows.length.toLocaleString()} rows</Text>
      </Group>
      {filtered.length === 0 ? <Text size="sm" c="dimmed">No row matches. Clear the search or show every row.</Text> : (
      <StackedTable label="Import preview" columns={COLUMNS} numeric={['Line']} widths={{ Line: 64, Status: 116, Decision: 196 }}>
        {shown.map((row) => {
          const chosen = overrides[row.domain] ?? row.decision;
          return (
            <Table.Tr key={`${row.line}-${row.domain}`}>
              <Table.Td data-label="Line" ta="right">{row.line}</Table.Td>
              <Table.Td data-label="Domain" data-primary>
                {/* One child: on a phone the cell is a line of label and value. */}
                <div>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{row.domain}</Text>
                  {row.note && <Text size="xs" c="dimmed">{row.note}</Text>}
                </div>
              </Table.Td>
              <Table.Td data-label="In inventory">{row.exists ? 'Yes' : 'New'}</Table.Td>
              <Table.Td data-label="Current account">{row.exists ? accountLabel(row.currentAccountId) : '—'}</Table.Td>
              <Table.Td data-label="Proposed account">{accountLabel(row.proposedAccountId)}</Table.Td>
              <Table.Td data-label="Status">
                {row.status === null ? 'Not imported' : <Badge size="sm" variant="light" color={DOMAIN_STATUS_COLORS[row.status]} style={{ flexShrink: 0 }}>{domainStatusLabel(row.status)}</Badge>}
              </Table.Td>
              <Table.Td data-label="Registrar">{row.registrar === null ? '—' : row.registrar === 'manual' ? 'Manual' : row.registrar}</Table.Td>
              <Table.Td data-label="Decision">
                {row.status === null ? WHMCS_DECISION_LABELS.skip : (
                  <NativeSelect
                    size="xs"
                    miw={180}
                    aria-label={`Decision for ${row.domain}`}
                    disabled={disabled}
                    value={chosen}
                    data={choicesFor(row).map((action) => ({ value: action, label: WHMCS_DECISION_LABELS[action] }))}
                    onChange={(event) => {
                      const action = event.currentTarget.value as ImportAction;
                      onOverride(row.domain, action === row.decision ? null : action);
                    }}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </StackedTable>
      )}
      {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} size="sm" siblings={0} aria-label="Preview pages" />}
    </Stack>
  );
}
