import { Button, Select, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { EVENTS_PAGE_SIZE, FAILED_TO_LOAD_EVENTS, NO_EVENTS, NO_EVENTS_HINT } from '../../../../common/admin/events/texts.ts';
import { listEvents } from '../../../../common/admin/events/contract.ts';
import { EVENT_SEVERITIES } from '../../../../common/events/eventFlows.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { DayRangeInputs } from '../../../components/resourceList/DayRangeInputs.tsx';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { DELIVERY_LOG_PATH } from '../deliveries/deliveryPaths.ts';
import { EVENT_COLUMNS, EventRows } from './EventRows.tsx';

const SEVERITY_OPTIONS = EVENT_SEVERITIES.map((value) => ({ value, label: value }));
const STATUS_OPTIONS = [{ value: 'processed', label: 'Processed' }, { value: 'pending', label: 'Pending' }];
/** Filters may arrive in the address (?type=domain.*&accountId=…), so another page can link to a slice. */
const FIELDS = inputFields(listEvents.input, ['type', 'severity', 'status', 'accountId', 'dateFrom', 'dateTo']);

function EventsList() {
  const filters = useUrlFilters(FIELDS, { typed: ['type', 'accountId'] });
  const events = useKeysetPages('listEvents', { limit: EVENTS_PAGE_SIZE, ...filters.values });
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="All events" context="Every event recorded on the platform, newest first, 25 at a time."
        actions={(
          <>
            <Button variant="default" component={Link} to="/super-admin/events">Events dashboard</Button>
            <Button variant="default" component={Link} to={DELIVERY_LOG_PATH}>Deliveries</Button>
          </>
        )}
      />
      <ResourceList
        label="Events" columns={EVENT_COLUMNS}
        query={events} rows={rows} renderRow={(event) => <EventRows key={event.id} event={event} />}
        skeleton={{ count: 6, wide: ['Type'] }}
        failure={failureText(FAILED_TO_LOAD_EVENTS, events.error)}
        empty={{ title: NO_EVENTS, hint: NO_EVENTS_HINT, actions: <Button component={Link} to="/super-admin/events/test">Send a test event</Button> }}
        filters={filters}
        toolbar={(
          <ListToolbar label="Filter events" grid={{ base: 1, xs: 2, lg: 3 }}>
            <TextInput label="Event type" placeholder="domain.* or order.domain.failed" {...filters.input('type')} />
            <Select label="Severity" placeholder="Any severity" data={SEVERITY_OPTIONS} clearable {...filters.choice('severity')} />
            <Select label="Status" placeholder="Processed or pending" data={STATUS_OPTIONS} clearable {...filters.choice('status')} />
            <TextInput label="Account ID" placeholder="Exact ID" {...filters.input('accountId')} />
            <DayRangeInputs filters={filters} />
          </ListToolbar>
        )}
      />
    </Stack>
  );
}

/** /super-admin/events/all: every event with filters and load more; payloads on expand, deliveries linked. */
export default function EventsListPage() {
  return <RequireSuperAdmin><EventsList /></RequireSuperAdmin>;
}
