import { Anchor, Button, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import {
  DELIVERY_PAGE_SIZE, DELIVERY_STATUS_OPTIONS, FAILED_TO_LOAD_DELIVERIES, NO_DELIVERIES, NO_DELIVERIES_FILTERED_HINT, NO_DELIVERIES_HINT,
} from '../../../../common/admin/deliveries/texts.ts';
import { type DeliverySummary, listDeliveries } from '../../../../common/admin/deliveries/contract.ts';
import { liveTopics } from '../../../../common/live.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { useLiveTopic } from '../../../api/useLiveTopic.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { DeliveryStatusBadge } from './DeliveryStatusBadge.tsx';
import { deliveryPath } from './deliveryPaths.ts';
import { ReplayFailedButton } from './ReplayFailedButton.tsx';

const COLUMNS = ['Event', 'Webhook', 'Status', 'Attempts', 'HTTP', 'Response', 'Created'] as const;
/** Filters may arrive in the address (?eventId=…&webhookId=…&status=…): the events list and a webhook link here. */
const FIELDS = inputFields(listDeliveries.input, ['status', 'webhookId', 'eventId', 'eventType', 'since']);

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
      <Table.Td data-label="Created"><RelativeTime value={delivery.createdAt} /></Table.Td>
    </Table.Tr>
  );
}

function DeliveryLog() {
  const filters = useUrlFilters(FIELDS, { typed: ['eventId', 'eventType'] });
  const { values } = filters;
  const deliveries = useKeysetPages('listDeliveries', { limit: DELIVERY_PAGE_SIZE, ...values });
  const webhooks = useFn('listWebhooks', {});
  useLiveTopic(deliveries.isSuccess ? liveTopics.adminEvents() : null, ['listDeliveries']);
  const rows = deliveries.data?.pages.flatMap((p) => p.deliveries) ?? [];
  const webhookOptions = (webhooks.data?.webhooks ?? []).map((w) => ({ value: w.webhookId, label: w.isActive ? w.name : `${w.name} (inactive)` }));
  // A webhook named in the address but not (or no longer) listed still shows as chosen.
  if (values.webhookId && !webhookOptions.some((o) => o.value === values.webhookId)) webhookOptions.push({ value: values.webhookId, label: values.webhookId });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Deliveries" context="Every webhook delivery and its attempts, newest first, 25 at a time; updated live."
        actions={<ReplayFailedButton initialWebhookId={values.webhookId} />}
      />
      <ResourceList
        label="Deliveries" columns={COLUMNS} numeric={['Attempts', 'HTTP', 'Response']} highlightOnHover
        query={deliveries} rows={rows} renderRow={(delivery) => <DeliveryRow key={delivery.id} delivery={delivery} />}
        skeleton={{ count: 6, wide: ['Event', 'Webhook'] }}
        failure={failureText(FAILED_TO_LOAD_DELIVERIES, deliveries.error)}
        filters={filters}
        empty={filters.filtered ? { title: NO_DELIVERIES, hint: NO_DELIVERIES_FILTERED_HINT } : {
          title: NO_DELIVERIES,
          hint: NO_DELIVERIES_HINT,
          actions: (
            <>
              <Button component={Link} to="/super-admin/events/webhooks">Webhooks</Button>
              <Button component={Link} to="/super-admin/events/test" variant="default">Test Events</Button>
            </>
          ),
        }}
        toolbar={(
          <ListToolbar label="Filter deliveries" grid={{ base: 1, xs: 2, lg: 5 }}>
            <Select label="Status" placeholder="Any status" data={DELIVERY_STATUS_OPTIONS} clearable {...filters.choice('status')} />
            <Select label="Webhook" placeholder="Any webhook" data={webhookOptions} searchable clearable {...filters.choice('webhookId')} />
            <TextInput label="Event ID" placeholder="Exact ID" {...filters.input('eventId')} />
            <TextInput label="Event type starts with" placeholder="domain." {...filters.input('eventType')} />
            <TextInput label="Since (UTC day)" type="date" {...filters.input('since')} />
          </ListToolbar>
        )}
      />
    </Stack>
  );
}

/** /super-admin/events/deliveries: the webhook delivery log with filters, Replay failed and live refresh. */
export default function DeliveriesPage() {
  return <RequireSuperAdmin><DeliveryLog /></RequireSuperAdmin>;
}
