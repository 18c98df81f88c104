import { Alert, Anchor, Button, Center, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DELIVERY_STATUS_OPTIONS, FAILED_TO_LOAD_DELIVERIES, NO_DELIVERIES, NO_DELIVERIES_FILTERED_HINT, NO_DELIVERIES_HINT,
} from '../../../../common/adminDeliveriesTexts.ts';
import type { DeliverySummary } from '../../../../common/contracts/adminDeliveries.ts';
import { liveTopics } from '../../../../common/live.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { useLiveTopic } from '../../../api/useLiveTopic.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { DeliveryStatusBadge } from './DeliveryStatusBadge.tsx';
import { ReplayFailedButton } from './ReplayFailedButton.tsx';
import { type DeliveryFilters, deliveryFiltersFrom, deliveryPath, NO_DELIVERY_FILTERS, useDeliveryPages } from './useDeliveryPages.ts';

const COLUMNS = ['Event', 'Webhook', 'Status', 'Attempts', 'HTTP', 'Response', 'Created'] as const;

/** Event types break after their dots on a narrow column, never inside a word. */
function BreakingType({ type }: { type: string }) {
  const parts = type.split('.');
  return parts.map((part, i) => <Fragment key={i}>{part}{i < parts.length - 1 && <>.<wbr /></>}</Fragment>);
}


function DeliveryRow({ delivery }: { delivery: DeliverySummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Stack gap={2}>
          <Anchor component={Link} to={deliveryPath(delivery.id)} fw={600}><BreakingType type={delivery.eventType} /></Anchor>
          {delivery.lastError && delivery.status !== 'success' && (
            <Text size="xs" c="red" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{delivery.lastError}</Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label="Webhook" style={{ overflowWrap: 'anywhere' }}>{delivery.webhookName ?? <Text span c="dimmed" size="sm">Deleted webhook</Text>}</Table.Td>
      <Table.Td data-label="Status">
        <Stack gap={2} align="flex-start">
          <DeliveryStatusBadge status={delivery.status} />
          {delivery.status === 'pending' && delivery.nextAttemptAt && <Text size="xs" c="dimmed">next {formatDateTime(delivery.nextAttemptAt)}</Text>}
        </Stack>
      </Table.Td>
      <Table.Td data-label="Attempts" ta="right">{delivery.attempts} / {delivery.maxAttempts}</Table.Td>
      <Table.Td data-label="HTTP" ta="right">{delivery.lastHttpStatus ?? '—'}</Table.Td>
      <Table.Td data-label="Response" ta="right">{delivery.lastResponseMs === null ? '—' : `${delivery.lastResponseMs} ms`}</Table.Td>
      <Table.Td data-label="Created">{formatDateTime(delivery.createdAt)}</Table.Td>
    </Table.Tr>
  );
}

function EmptyLog({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs">
        <Text ta="center" fw={600}>{NO_DELIVERIES}</Text>
        <Text ta="center" size="sm" c="dimmed" maw={520}>{filtered ? NO_DELIVERIES_FILTERED_HINT : NO_DELIVERIES_HINT}</Text>
        {filtered ? <Button variant="default" onClick={onClear}>Clear filters</Button> : (
          <Group gap="sm" justify="center">
            <Button component={Link} to="/super-admin/events/webhooks">Webhooks</Button>
            <Button component={Link} to="/super-admin/events/test" variant="default">Test Events</Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function DeliveryLog() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<DeliveryFilters>(() => deliveryFiltersFrom(params));
  const [debounced] = useDebouncedValue(filters, 300);
  const deliveries = useDeliveryPages(debounced);
  const webhooks = useFn('listWebhooks', {});
  useLiveTopic(deliveries.isSuccess ? liveTopics.adminEvents() : null, ['listDeliveries']);
  const rows = deliveries.data?.pages.flatMap((p) => p.deliveries) ?? [];
  const filtered = Object.values(filters).some((v) => v.trim());
  const set = (key: keyof DeliveryFilters) => (value: string | null) => {
    setFilters((f) => ({ ...f, [key]: value ?? '' }));
    // The address follows the filters, so the list can be shared or reloaded as it is.
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value); else next.delete(key);
      return next;
    }, { replace: true });
  };
  const clear = () => {
    setFilters(NO_DELIVERY_FILTERS);
    setParams({}, { replace: true });
  };
  const webhookOptions = (webhooks.data?.webhooks ?? []).map((w) => ({ value: w.webhookId, label: w.isActive ? w.name : `${w.name} (inactive)` }));
  // A webhook named in the address but not (or no longer) listed still shows as chosen.
  if (filters.webhookId && !webhookOptions.some((o) => o.value === filters.webhookId)) webhookOptions.push({ value: filters.webhookId, label: filters.webhookId });

  let body;
  if (deliveries.isPending) {
    body = <StackedTable label="Deliveries" columns={COLUMNS}><SkeletonRows columns={COLUMNS} count={6} wide={['Event', 'Webhook']} /></StackedTable>;
  } else if (deliveries.isError && rows.length === 0) {
    body = <LoadFailedAlert onRetry={() => deliveries.refetch()}>{failureText(FAILED_TO_LOAD_DELIVERIES, deliveries.error)}</LoadFailedAlert>;
  } else if (rows.length === 0) {
    body = <EmptyLog filtered={filtered} onClear={clear} />;
  } else {
    body = (
      <StackedTable label="Deliveries" columns={COLUMNS} numeric={['Attempts', 'HTTP', 'Response']} highlightOnHover>
        {rows.map((delivery) => <DeliveryRow key={delivery.id} delivery={delivery} />)}
      </StackedTable>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 320px' }}>
          <Title order={1} size="h2">Deliveries</Title>
          <Text size="sm" c="dimmed">Every webhook delivery and its attempts, newest first, 25 at a time; updated live.</Text>
        </Stack>
        <ReplayFailedButton initialWebhookId={filters.webhookId} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="sm" verticalSpacing="xs">
        <Select label="Status" placeholder="Any status" data={DELIVERY_STATUS_OPTIONS} value={filters.status || null} onChange={set('status')} clearable />
        <Select label="Webhook" placeholder="Any webhook" data={webhookOptions} value={filters.webhookId || null} onChange={set('webhookId')} searchable clearable />
        <TextInput label="Event ID" placeholder="Exact ID" value={filters.eventId} onChange={(e) => set('eventId')(e.currentTarget.value)} />
        <TextInput label="Event type starts with" placeholder="domain." value={filters.eventType} onChange={(e) => set('eventType')(e.currentTarget.value)} />
        <TextInput label="Since (UTC day)" type="date" value={filters.since} onChange={(e) => set('since')(e.currentTarget.value)} />
      </SimpleGrid>
      {body}
      {deliveries.isFetchNextPageError && <Alert color="red" role="alert">{failureText(FAILED_TO_LOAD_DELIVERIES, deliveries.error)}</Alert>}
      {deliveries.hasNextPage && (
        <Center>
          <Button variant="default" loading={deliveries.isFetchingNextPage} onClick={() => deliveries.fetchNextPage()}>Load more</Button>
        </Center>
      )}
    </Stack>
  );
}

/** /super-admin/events/deliveries: the webhook delivery log with filters, Replay failed and live refresh. */
export default function DeliveriesPage() {
  return <RequireSuperAdmin><DeliveryLog /></RequireSuperAdmin>;
}
