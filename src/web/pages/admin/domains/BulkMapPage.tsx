import { Alert, Button, Checkbox, Group, Paper, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountOption } from '../../../../common/admin/accounts/contract.ts';
import { listManagedDomains, type ManagedDomainRow } from '../../../../common/admin/domainInventory/contract.ts';
import {
  assignmentComplete, FAILED_TO_ASSIGN, FAILED_TO_UPDATE, FAILED_TO_LOAD_DOMAINS, INVENTORY_PAGE_SIZE, MANAGEMENT_MODE_LABELS, NO_DOMAINS_FOUND, PLEASE_SELECT_ACCOUNT,
  SELECT_AT_LEAST_ONE_DOMAIN, UNASSIGNED,
} from '../../../../common/admin/domainInventory/texts.ts';
import { callFunction } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useSelection } from '../../../components/resourceList/useSelection.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { AccountSearchPicker } from '../accounts/AccountSearchPicker.tsx';
import { adminDomainPath, INVENTORY_PATH } from './inventoryPaths.ts';
import { RunFailures } from './RunFailures.tsx';
import { useDomainRun } from './useDomainRun.ts';

const COLUMNS = ['Select', 'Domain', 'Registrar', 'Mode', 'Expiry'] as const;
const FIELDS = inputFields(listManagedDomains.input, ['search']);

function UnassignedRow({ row, checked, onSelect }: { row: ManagedDomainRow; checked: boolean; onSelect(domain: string, on: boolean): void }) {
  return (
    <Table.Tr bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td data-label="Select">
        <Checkbox aria-label={`Select ${row.domain}`} checked={checked} onChange={(e) => onSelect(row.domain, e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td data-primary><RowLink to={adminDomainPath(row.domain)}>{row.domain}</RowLink></Table.Td>
      <Table.Td data-label="Registrar">{row.registrarName}</Table.Td>
      <Table.Td data-label="Mode">{MANAGEMENT_MODE_LABELS[row.managementMode]}</Table.Td>
      <Table.Td data-label="Expiry" style={{ whiteSpace: 'nowrap' }}>{row.expiryAt ? formatDate(row.expiryAt) : '—'}</Table.Td>
    </Table.Tr>
  );
}

function BulkMap() {
  const filters = useUrlFilters(FIELDS, { typed: ['search'] });
  const pages = useKeysetPages('listManagedDomains', { limit: INVENTORY_PAGE_SIZE, account: UNASSIGNED, ...filters.values });
  const rows = pages.data?.pages.flatMap((p) => p.domains) ?? [];
  const selection = useSelection(JSON.stringify(filters.values), rows.map((r) => r.domain), 'Select all loaded domains');
  const [account, setAccount] = useState<AccountOption | null>(null);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const { state, run } = useDomainRun();

  const assign = async () => {
    const domains = [...selection.selected];
    if (domains.length === 0) return setNotice({ color: 'yellow', text: SELECT_AT_LEAST_ONE_DOMAIN });
    if (!account) return setNotice({ color: 'yellow', text: PLEASE_SELECT_ACCOUNT });
    setNotice(null);
    // oldAccountId null: a domain another operator mapped or deleted meanwhile fails instead of being moved again.
    const outcome = await run(domains, (domain) => callFunction('updateManagedDomain', { domain, oldAccountId: null, newAccountId: account.id }));
    selection.release(domains.filter((d) => !outcome.failures.some((f) => f.domain === d)));
    setNotice({ color: outcome.failures.length === 0 ? 'green' : 'yellow', text: assignmentComplete(outcome.ok, outcome.failures.length) });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Bulk Mapping" back={<Text size="sm"><Link to={INVENTORY_PATH}>← Domains</Link></Text>}
        context="Domains that belong to no account yet (imported or added unassigned). Select some, pick an account, and assign them."
      />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <AccountSearchPicker label="Assign to account" selected={account} onSelect={setAccount} />
          <Group gap="sm">
            <Button onClick={() => void assign()} loading={state.running}>{`Assign Selected (${selection.selected.size})`}</Button>
          </Group>
          {state.running && <Progress value={(state.done / state.total) * 100} aria-label="Assignment progress" />}
          {notice && <Alert color={notice.color} role="status" withCloseButton onClose={() => setNotice(null)}>{notice.text}</Alert>}
          <RunFailures
            title={FAILED_TO_ASSIGN} failures={state.running ? [] : state.failures}
            describe={(f) => (f.reason ? failureText(FAILED_TO_UPDATE, f.reason) : FAILED_TO_UPDATE)}
          />
        </Stack>
      </Paper>
      <ResourceList
        label="Unassigned domains" columns={COLUMNS} widths={{ Select: 48, Mode: 90, Expiry: 120 }} highlightOnHover
        query={pages} rows={rows}
        renderRow={(row) => <UnassignedRow key={row.domain} row={row} checked={selection.selected.has(row.domain)} onSelect={(d, on) => selection.select([d], on)} />}
        skeleton={{ count: 6, wide: ['Domain'] }}
        failure={failureText(FAILED_TO_LOAD_DOMAINS, pages.error)}
        filters={filters}
        empty={{
          title: NO_DOMAINS_FOUND,
          hint: 'Every domain belongs to an account. Domains imported or added without an account show here.',
          actions: <Button component={Link} to={INVENTORY_PATH} variant="default">Go to Domains</Button>,
        }}
        selectAll={selection.selectAll}
        toolbar={(
          <ListToolbar label="Filter unassigned domains">
            <TextInput label="Search" placeholder="Domain starts with" type="search" style={{ flex: '1 1 240px' }} {...filters.input('search')} />
          </ListToolbar>
        )}
      />
    </Stack>
  );
}

/** /super-admin/domains/bulk-map: the unassigned domains, mapped to an account a selection at a time. */
export default function BulkMapPage() {
  return <RequireSuperAdmin><BulkMap /></RequireSuperAdmin>;
}
