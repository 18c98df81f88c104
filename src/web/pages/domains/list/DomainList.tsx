import { Alert, Button, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DOMAINS_LOAD_FAILED, NO_DOMAINS, NO_DOMAINS_MATCH } from '../../../../common/domains.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { BulkActionBar } from './BulkActionBar.tsx';
import { DomainFilters } from './DomainFilters.tsx';
import { DEFAULT_QUERY, type DomainListQuery, isFiltered, nextSort, queryFromParams, queryToParams } from './domainListQuery.ts';
import { DomainSummaryCards } from './DomainSummaryCards.tsx';
import { DomainTable } from './DomainTable.tsx';
import { RenewDomainModal } from './RenewDomainModal.tsx';
import { useBulkActions } from './useBulkActions.ts';
import { useDomainPages } from './useDomainPages.ts';

const SEARCH_DEBOUNCE_MS = 300;

function EmptyState({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** The selection belongs to one list query: a new search, filter or sort starts with none. */
interface Selection {
  forQuery: string;
  domains: ReadonlySet<string>;
}

/** /domains for one account: toolbar, summary, the table a page at a time, and the bulk actions. */
export function DomainList({ accountId }: { accountId: string }) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const queryKey = queryToParams(query).toString();
  const [searchText, setSearchText] = useState(query.search);

  // From the address as it is now, not as last rendered: two quick clicks on a column must toggle twice.
  const updateQuery = useCallback((change: (current: DomainListQuery) => Partial<DomainListQuery>) => {
    setParams((params) => {
      const current = queryFromParams(params);
      return queryToParams({ ...current, ...change(current) });
    }, { replace: true });
  }, [setParams]);
  const setQuery = useCallback((change: Partial<DomainListQuery>) => updateQuery(() => change), [updateQuery]);
  const sendSearch = useDebouncedCallback((text: string) => setQuery({ search: text.trim().toLowerCase() }), SEARCH_DEBOUNCE_MS);
  const onSearchText = (text: string) => {
    setSearchText(text);
    sendSearch(text);
  };
  const clearFilters = () => {
    sendSearch.cancel();
    setSearchText('');
    setQuery({ search: DEFAULT_QUERY.search, status: DEFAULT_QUERY.status });
  };

  const pages = useDomainPages(accountId, query);
  const rows = pages.data?.pages.flatMap((p) => p.domains) ?? null;
  const first = pages.data?.pages[0];

  const [selection, setSelection] = useState<Selection>({ forQuery: queryKey, domains: new Set() });
  const selected = useMemo(() => {
    if (selection.forQuery !== queryKey || !rows) return new Set<string>();
    return new Set(rows.filter((r) => selection.domains.has(r.domain)).map((r) => r.domain));
  }, [selection, queryKey, rows]);
  const select = (domains: string[], on: boolean) => {
    const next = new Set(selected);
    for (const d of domains) {
      if (on) next.add(d);
      else next.delete(d);
    }
    setSelection({ forQuery: queryKey, domains: next });
  };
  // The failed ones stay selected, so trying again is one click.
  const onBulkFinished = useCallback((succeeded: string[]) => {
    setSelection((current) => ({ ...current, domains: new Set([...current.domains].filter((d) => !succeeded.includes(d))) }));
  }, []);
  const bulk = useBulkActions(onBulkFinished);
  const [renewing, setRenewing] = useState<string | null>(null);

  let body;
  if (pages.isError && !rows) {
    body = <LoadFailedAlert onRetry={() => pages.refetch()}>{DOMAINS_LOAD_FAILED}</LoadFailedAlert>;
  } else if (first && first.summary.total === 0) {
    body = (
      <EmptyState
        title={NO_DOMAINS}
        text="Domains you register or renew in this account show here, with their expiry and renewal."
        action={<Button component={Link} to="/domains/search" mt="xs">Search for a domain</Button>}
      />
    );
  } else if (rows && rows.length === 0 && !pages.isPlaceholderData) {
    body = (
      <EmptyState
        title={NO_DOMAINS_MATCH}
        text={isFiltered(query) ? 'Try another part of the name, or another status.' : 'Nothing to show for this sort.'}
        action={<Button variant="light" onClick={clearFilters} mt="xs">Clear filters</Button>}
      />
    );
  } else {
    body = (
      <DomainTable
        rows={rows}
        sort={query}
        onSort={(field) => updateQuery((current) => nextSort(current, field))}
        selected={selected}
        onSelect={(domain, on) => select([domain], on)}
        onSelectAll={(on) => select(rows?.map((r) => r.domain) ?? [], on)}
        onRenew={setRenewing}
        stale={pages.isPlaceholderData}
      />
    );
  }

  return (
    <Stack gap="md">
      <DomainSummaryCards summary={first?.summary ?? null} />
      <DomainFilters searchText={searchText} onSearchText={onSearchText} query={query} onChange={setQuery} />
      {body}
      {pages.isFetchNextPageError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <span>{DOMAINS_LOAD_FAILED}</span>
            <Button size="xs" variant="white" color="red" onClick={() => pages.fetchNextPage()}>Retry</Button>
          </Group>
        </Alert>
      )}
      {rows && rows.length > 0 && first && (
        <Center>
          <Stack gap={6} align="center">
            <Text size="sm" c="dimmed">{`Showing ${rows.length.toLocaleString()} of ${first.matching.toLocaleString()}`}</Text>
            {pages.hasNextPage && !pages.isFetchNextPageError && (
              <Button variant="default" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>Load more</Button>
            )}
          </Stack>
        </Center>
      )}
      {rows && rows.length > 0 && (
        <BulkActionBar
          selectedCount={selected.size}
          loadedCount={rows.length}
          onSelectAll={(on) => select(rows.map((r) => r.domain), on)}
          progress={bulk.progress}
          report={bulk.report}
          onRun={(action) => void bulk.run(action, [...selected])}
          onDismiss={bulk.dismiss}
        />
      )}
      <RenewDomainModal domain={renewing} onClose={() => setRenewing(null)} />
    </Stack>
  );
}
