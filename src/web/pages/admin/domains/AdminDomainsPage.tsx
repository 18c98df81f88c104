import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { listManagedDomains, type ManagedDomainRow } from '../../../../common/admin/domainInventory/contract.ts';
import { FAILED_TO_LOAD_DOMAINS, INVENTORY_PAGE_SIZE, NO_DOMAINS_FOUND } from '../../../../common/admin/domainInventory/texts.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { OnceOpened } from '../../../components/OnceOpened.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { BulkBar } from '../../../components/resourceList/BulkBar.tsx';
import { columnSort } from '../../../components/resourceList/columnSort.ts';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useSelection } from '../../../components/resourceList/useSelection.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { BulkDeleteButton } from './BulkDeleteButton.tsx';
import { ChangeAccountModal } from './ChangeAccountModal.tsx';
import { INVENTORY_FILTER_KEYS, InventoryFilters } from './InventoryFilters.tsx';
import { BULK_MAP_PATH } from './inventoryPaths.ts';
import { INVENTORY_COLUMN_WIDTHS, INVENTORY_COLUMNS, INVENTORY_SORTABLE, InventoryRow } from './InventoryRow.tsx';
import { RunFailures } from './RunFailures.tsx';
import { useDomainRun } from './useDomainRun.ts';
import { BulkVerifyButton } from './verify/BulkVerifyButton.tsx';

// The dialogs (the import's CSV preview and table, the verification panel and the forms) are
// fetched when first opened: most visits only read the list.
const AddDomainModal = lazy(() => import('./AddDomainModal.tsx').then((m) => ({ default: m.AddDomainModal })));
const BulkAddModal = lazy(() => import('./BulkAddModal.tsx').then((m) => ({ default: m.BulkAddModal })));
const ImportWhmcsModal = lazy(() => import('./import/ImportWhmcsModal.tsx').then((m) => ({ default: m.ImportWhmcsModal })));
const VerificationPanel = lazy(() => import('./verify/VerificationPanel.tsx').then((m) => ({ default: m.VerificationPanel })));

const FIELDS = inputFields(listManagedDomains.input, INVENTORY_FILTER_KEYS);
/** The server's own order when none is asked for. */
const DEFAULT_SORT = { sortBy: 'domain', sortOrder: 'asc' };

type Dialog = 'add' | 'bulkAdd' | 'import' | null;

function Inventory() {
  const client = useQueryClient();
  const filters = useUrlFilters(FIELDS, { typed: ['search'], defaults: DEFAULT_SORT });
  const pages = useKeysetPages('listManagedDomains', { limit: INVENTORY_PAGE_SIZE, ...filters.values });
  const rows = pages.data?.pages.flatMap((p) => p.domains) ?? [];
  const selection = useSelection(JSON.stringify(filters.values), rows.map((r) => r.domain), 'Select all loaded domains');
  const deletion = useDomainRun();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [verifying, setVerifying] = useState<string | null>(null);
  const [moving, setMoving] = useState<ManagedDomainRow | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['listManagedDomains'] });
  const selected = [...selection.selected];

  const runDelete = async (domains: readonly string[], call: (domain: string) => Promise<unknown>) => {
    const outcome = await deletion.run(domains, call);
    selection.release(domains.filter((d) => !outcome.failures.some((f) => f.domain === d)));
    return outcome;
  };

  const addButtons = (
    <>
      <Button onClick={() => setDialog('add')}>Add Domain</Button>
      <Button variant="light" onClick={() => setDialog('bulkAdd')}>Bulk Add</Button>
      <Button variant="default" onClick={() => setDialog('import')}>Import WHMCS CSV</Button>
    </>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Domains"
        context={<>Every domain the platform manages, in any account or none yet. Unassigned ones are mapped on <Link to={BULK_MAP_PATH}>Bulk Mapping</Link>.</>}
        actions={addButtons}
      />
      <ResourceList
        label="Domains" columns={INVENTORY_COLUMNS} widths={INVENTORY_COLUMN_WIDTHS} highlightOnHover
        query={pages} rows={rows}
        renderRow={(row) => (
          <InventoryRow
            key={row.domain} row={row} checked={selection.selected.has(row.domain)} onSelect={(domain, on) => selection.select([domain], on)}
            onVerify={setVerifying} onChangeAccount={setMoving}
          />
        )}
        skeleton={{ count: 8, wide: ['Domain', 'Account'] }}
        failure={failureText(FAILED_TO_LOAD_DOMAINS, pages.error)}
        filters={filters}
        empty={{
          title: NO_DOMAINS_FOUND,
          hint: 'Add a domain by hand, paste a list with Bulk Add, or import the domains of a WHMCS installation.',
          actions: filters.filtered ? undefined : <Button onClick={() => setDialog('add')}>Add Domain</Button>,
        }}
        sort={columnSort(filters, INVENTORY_SORTABLE)}
        selectAll={selection.selectAll}
        toolbar={(
          <>
            <InventoryFilters filters={filters} />
            <RunFailures title="Some domains were not deleted" failures={deletion.state.running ? [] : deletion.state.failures} describe={(f) => f.reason ?? 'Unknown error'} />
            {!deletion.state.running && deletion.state.total > 0 && deletion.state.failures.length === 0 && (
              <Alert color="green" role="status" withCloseButton onClose={deletion.reset}>{`${deletion.state.ok} deleted.`}</Alert>
            )}
          </>
        )}
        count={<Text size="sm" c="dimmed">{`${rows.length.toLocaleString()} shown`}</Text>}
        bulk={(
          <BulkBar
            selectedCount={selection.selected.size} loadedCount={rows.length} onSelectAll={selection.selectAll.onChange} busy={deletion.state.running}
            actions={(
              <Group gap="xs">
                <BulkVerifyButton domains={selected} onDone={refresh} />
                <BulkDeleteButton domains={selected} running={deletion.state.running} run={runDelete} />
              </Group>
            )}
            progress={deletion.state.running && <Progress mt="xs" value={(deletion.state.done / deletion.state.total) * 100} aria-label="Bulk Delete progress" />}
          />
        )}
      />
      <OnceOpened opened={dialog === 'add'}><AddDomainModal opened={dialog === 'add'} onClose={() => setDialog(null)} /></OnceOpened>
      <OnceOpened opened={dialog === 'bulkAdd'}><BulkAddModal opened={dialog === 'bulkAdd'} onClose={() => setDialog(null)} /></OnceOpened>
      <OnceOpened opened={dialog === 'import'}>
        <ImportWhmcsModal opened={dialog === 'import'} onClose={() => setDialog(null)} onImported={refresh} />
      </OnceOpened>
      <ChangeAccountModal row={moving} onClose={() => setMoving(null)} />
      <OnceOpened opened={verifying !== null}>
        <VerificationPanel domain={verifying} onClose={() => setVerifying(null)} onApplied={refresh} />
      </OnceOpened>
    </Stack>
  );
}

/** /super-admin/domains: the domain inventory over every account, with adds, imports, moves, verification and deletes. */
export default function AdminDomainsPage() {
  return <RequireSuperAdmin><Inventory /></RequireSuperAdmin>;
}
