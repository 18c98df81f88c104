import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DOMAINS_LOAD_FAILED, NO_DOMAINS, NO_DOMAINS_MATCH } from '../../../../common/domains/domains.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { columnSort } from '../../../components/resourceList/columnSort.ts';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { useSelection } from '../../../components/resourceList/useSelection.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { BulkActionBar } from './BulkActionBar.tsx';
import { DomainFilters } from './DomainFilters.tsx';
import { DOMAIN_LIST_FIELDS } from './domainListQuery.ts';
import { DOMAIN_COLUMN_WIDTHS, DOMAIN_COLUMNS, DOMAIN_SORTABLE, DomainRow } from './DomainRow.tsx';
import { DomainSummaryCards } from './DomainSummaryCards.tsx';
import { RenewDomainModal } from './RenewDomainModal.tsx';
import { useBulkActions } from './useBulkActions.ts';

/** /domains for one account: toolbar, summary, the table a page at a time, and the bulk actions. */
export function DomainList({ accountId }: { accountId: string }) {
  const filters = useUrlFilters(DOMAIN_LIST_FIELDS, { typed: ['search'] });
  // An account may hold 10,000 domains: the server answers a page (DOMAINS_PAGE_SIZE) at a time.
  const pages = useKeysetPages('listDomains', { accountId, ...filters.values }, 'cursor');
  const rows = pages.data?.pages.flatMap((p) => p.domains) ?? [];
  const first = pages.data?.pages[0];

  const selection = useSelection(JSON.stringify(filters.values), rows.map((r) => r.domain), 'Select all loaded domains');
  const bulk = useBulkActions(selection.release);
  const [renewing, setRenewing] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <DomainSummaryCards summary={first?.summary ?? null} />
      <ResourceList
        label="Domains" columns={DOMAIN_COLUMNS} widths={DOMAIN_COLUMN_WIDTHS} highlightOnHover
        query={pages} rows={rows}
        renderRow={(row) => (
          <DomainRow key={row.id} row={row} checked={selection.selected.has(row.domain)} onSelect={(domain, on) => selection.select([domain], on)} onRenew={setRenewing} />
        )}
        skeleton={{ count: 6, wide: ['Domain'] }}
        failure={DOMAINS_LOAD_FAILED}
        filters={filters}
        empty={first?.summary.total === 0 ? {
          title: NO_DOMAINS,
          hint: 'Domains you register or renew in this account show here, with their expiry and renewal.',
          actions: <Button component={Link} to="/domains/search">Search for a domain</Button>,
        } : { title: NO_DOMAINS_MATCH, hint: 'Try another part of the name, or another status.' }}
        sort={columnSort(filters, DOMAIN_SORTABLE)}
        selectAll={selection.selectAll}
        toolbar={<DomainFilters filters={filters} />}
        count={first && `Showing ${rows.length.toLocaleString()} of ${first.matching.toLocaleString()}`}
        bulk={(
          <BulkActionBar
            selectedCount={selection.selected.size}
            loadedCount={rows.length}
            onSelectAll={selection.selectAll.onChange}
            progress={bulk.progress}
            report={bulk.report}
            onRun={(action) => void bulk.run(action, [...selection.selected])}
            onDismiss={bulk.dismiss}
          />
        )}
      />
      <RenewDomainModal domain={renewing} onClose={() => setRenewing(null)} />
    </Stack>
  );
}
