import { Alert, Autocomplete, Button, Center, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  AUDIT_ACTION_OPTIONS, AUDIT_TARGET_TYPES, FAILED_TO_LOAD_AUDIT, NO_AUDIT_ENTRIES, NO_AUDIT_ENTRIES_HINT,
} from '../../../../common/adminAuditTexts.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { AUDIT_COLUMNS, AuditEntryRows } from './AuditEntryRows.tsx';
import { type AuditFilters, NO_AUDIT_FILTERS, useAuditPages } from './useAuditPages.ts';

const TARGET_TYPE_OPTIONS = AUDIT_TARGET_TYPES.map((value) => ({ value, label: value.replace('_', ' ') }));

/** Filters may arrive in the address (?targetType=user&targetId=…), so another page can link to a target's history. */
function filtersFrom(params: URLSearchParams): AuditFilters {
  return Object.fromEntries(Object.keys(NO_AUDIT_FILTERS).map((k) => [k, params.get(k) ?? ''])) as unknown as AuditFilters;
}

function AuditLog() {
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<AuditFilters>(() => filtersFrom(params));
  const [debounced] = useDebouncedValue(filters, 300);
  const entries = useAuditPages(debounced);
  // The operators to pick from: today's super admins (any other address can still be typed).
  const operators = useFn('getAllUsers', { limit: 100, globalRole: 'super_admin', sortBy: 'email', sortOrder: 'asc' });
  const rows = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Object.values(filters).some((v) => v.trim());
  const set = (key: keyof AuditFilters) => (value: string | null) => setFilters((f) => ({ ...f, [key]: value ?? '' }));

  let body;
  if (entries.isPending) {
    body = <StackedTable label="Audit log" columns={AUDIT_COLUMNS}><SkeletonRows columns={AUDIT_COLUMNS} count={6} wide={['Operator', 'Target']} /></StackedTable>;
  } else if (entries.isError && rows.length === 0) {
    body = <LoadFailedAlert onRetry={() => entries.refetch()}>{failureText(FAILED_TO_LOAD_AUDIT, entries.error)}</LoadFailedAlert>;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs">
          <Text ta="center" fw={600}>{NO_AUDIT_ENTRIES}</Text>
          <Text ta="center" size="sm" c="dimmed" maw={520}>{NO_AUDIT_ENTRIES_HINT}</Text>
          {filtered && <Button variant="default" onClick={() => setFilters(NO_AUDIT_FILTERS)}>Clear filters</Button>}
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <StackedTable label="Audit log" columns={AUDIT_COLUMNS}>
        {rows.map((entry) => <AuditEntryRows key={entry.id} entry={entry} />)}
      </StackedTable>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">Audit log</Title>
        <Text size="sm" c="dimmed">Every back-office change and every act done while impersonating, newest first, 50 at a time.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        <Autocomplete
          label="Operator e-mail" placeholder="Any operator" value={filters.actorEmail} onChange={set('actorEmail')}
          data={operators.data?.users.map((u) => u.email) ?? []}
        />
        <Select
          label="Action" placeholder="Any action" data={AUDIT_ACTION_OPTIONS} value={filters.action || null} onChange={set('action')}
          searchable clearable
        />
        <Select
          label="Target type" placeholder="Any target" data={TARGET_TYPE_OPTIONS} value={filters.targetType || null} onChange={set('targetType')}
          clearable
        />
        <TextInput
          label="Target ID" placeholder="Exact ID" value={filters.targetId} onChange={(e) => set('targetId')(e.currentTarget.value)}
         
        />
        <TextInput label="From" type="date" value={filters.dateFrom} onChange={(e) => set('dateFrom')(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={filters.dateTo} onChange={(e) => set('dateTo')(e.currentTarget.value)} />
      </SimpleGrid>
      {body}
      {entries.isFetchNextPageError && <Alert color="red" role="alert">{failureText(FAILED_TO_LOAD_AUDIT, entries.error)}</Alert>}
      {entries.hasNextPage && (
        <Center>
          <Button variant="default" loading={entries.isFetchingNextPage} onClick={() => entries.fetchNextPage()}>Load more</Button>
        </Center>
      )}
    </Stack>
  );
}

/** /super-admin/audit: every back-office write and impersonated act, filtered by operator, action, target and days. */
export default function AdminAuditPage() {
  return <RequireSuperAdmin><AuditLog /></RequireSuperAdmin>;
}
