import { Alert, Button, Center, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FAILED_TO_LOAD_EVENTS, NO_EVENTS, NO_EVENTS_HINT } from '../../../../common/adminEventsTexts.ts';
import { EVENT_SEVERITIES } from '../../../../common/eventFlows.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { EVENT_COLUMNS, EventRows } from './EventRows.tsx';
import { type EventFilters, NO_EVENT_FILTERS, useEventPages } from './useEventPages.ts';
import { DELIVERY_LOG_PATH } from '../deliveries/useDeliveryPages.ts';

const SEVERITY_OPTIONS = EVENT_SEVERITIES.map((value) => ({ value, label: value }));
const STATUS_OPTIONS = [{ value: 'processed', label: 'Processed' }, { value: 'pending', label: 'Pending' }];

/** Filters may arrive in the address (?type=domain.*&accountId=…), so another page can link to a slice. */
function filtersFrom(params: URLSearchParams): EventFilters {
  return Object.fromEntries(Object.keys(NO_EVENT_FILTERS).map((k) => [k, params.get(k) ?? ''])) as unknown as EventFilters;
}

function EventsList() {
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<EventFilters>(() => filtersFrom(params));
  const [debounced] = useDebouncedValue(filters, 300);
  const events = useEventPages(debounced);
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  const filtered = Object.values(filters).some((v) => v.trim());
  const set = (key: keyof EventFilters) => (value: string | null) => setFilters((f) => ({ ...f, [key]: value ?? '' }));

  let body;
  if (events.isPending) {
    body = <StackedTable label="Events" columns={EVENT_COLUMNS}><SkeletonRows columns={EVENT_COLUMNS} count={6} wide={['Type']} /></StackedTable>;
  } else if (events.isError && rows.length === 0) {
    body = <LoadFailedAlert onRetry={() => events.refetch()}>{failureText(FAILED_TO_LOAD_EVENTS, events.error)}</LoadFailedAlert>;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs">
          <Text ta="center" fw={600}>{NO_EVENTS}</Text>
          <Text ta="center" size="sm" c="dimmed" maw={520}>{NO_EVENTS_HINT}</Text>
          <Group gap="xs">
            {filtered && <Button variant="default" onClick={() => setFilters(NO_EVENT_FILTERS)}>Clear filters</Button>}
            <Button component={Link} to="/super-admin/events/test">Send a test event</Button>
          </Group>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <StackedTable label="Events" columns={EVENT_COLUMNS}>
        {rows.map((event) => <EventRows key={event.id} event={event} />)}
      </StackedTable>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">All events</Title>
          <Text size="sm" c="dimmed">Every event recorded on the platform, newest first, 25 at a time.</Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/super-admin/events">Events dashboard</Button>
          <Button variant="default" component={Link} to={DELIVERY_LOG_PATH}>Deliveries</Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label="Event type" placeholder="domain.* or order.domain.failed" value={filters.type}
          onChange={(e) => set('type')(e.currentTarget.value)}
        />
        <Select label="Severity" placeholder="Any severity" data={SEVERITY_OPTIONS} value={filters.severity || null} onChange={set('severity')} clearable />
        <Select label="Status" placeholder="Processed or pending" data={STATUS_OPTIONS} value={filters.status || null} onChange={set('status')} clearable />
        <TextInput label="Account ID" placeholder="Exact ID" value={filters.accountId} onChange={(e) => set('accountId')(e.currentTarget.value)} />
        <TextInput label="From" type="date" value={filters.dateFrom} onChange={(e) => set('dateFrom')(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={filters.dateTo} onChange={(e) => set('dateTo')(e.currentTarget.value)} />
      </SimpleGrid>
      {events.isError && rows.length > 0 && <Alert color="red" role="alert">{failureText(FAILED_TO_LOAD_EVENTS, events.error)}</Alert>}
      {body}
      {events.hasNextPage && (
        <Center>
          <Button variant="default" loading={events.isFetchingNextPage} onClick={() => events.fetchNextPage()}>Load more</Button>
        </Center>
      )}
    </Stack>
  );
}

/** /super-admin/events/all: every event with filters and load more; payloads on expand, deliveries linked. */
export default function EventsListPage() {
  return <RequireSuperAdmin><EventsList /></RequireSuperAdmin>;
}
