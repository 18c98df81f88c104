import { Anchor, Button, Code, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { EventView } from '../../../../common/admin/events/contract.ts';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { ProcessedBadge, SeverityBadge } from './EventBadges.tsx';
import { JsonBlock } from '../../../components/Labeled.tsx';
import { deliveriesPath } from '../deliveries/deliveryPaths.ts';

export const EVENT_COLUMNS = ['Time', 'Type', 'Severity', 'Status', 'Source', 'Deliveries', 'Payload'] as const;

const wrap = { overflowWrap: 'anywhere' } as const;

function Deliveries({ event }: { event: EventView }) {
  const { pending, success, failed } = event.deliveries;
  const total = pending + success + failed;
  if (total === 0) return <Text size="sm" c="dimmed">None</Text>;
  return (
    <Anchor component={Link} to={deliveriesPath({ eventId: event.id })} size="sm">
      {[success && `${success} ok`, failed && `${failed} failed`, pending && `${pending} pending`].filter(Boolean).join(', ')}
    </Anchor>
  );
}

export function EventRows({ event }: { event: EventView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Table.Tr>
        <Table.Td data-label="Time" style={{ whiteSpace: 'nowrap' }}><RelativeTime value={event.createdAt} /></Table.Td>
        <Table.Td data-label="Type" data-primary><Code style={wrap}>{event.eventType}</Code></Table.Td>
        <Table.Td data-label="Severity"><SeverityBadge severity={event.severity} /></Table.Td>
        <Table.Td data-label="Status"><ProcessedBadge processed={event.processed} /></Table.Td>
        <Table.Td data-label="Source"><Text size="sm" style={wrap}>{event.source}</Text></Table.Td>
        <Table.Td data-label="Deliveries"><Deliveries event={event} /></Table.Td>
        <Table.Td data-label="Payload">
          <Button size="compact-xs" variant="subtle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>{open ? 'Hide payload' : 'Show payload'}</Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={EVENT_COLUMNS.length}>
            <Stack gap={6} style={{ width: '100%' }}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <JsonBlock label="Payload" value={event.payload} />
                <JsonBlock label="Context" value={event.context} />
              </SimpleGrid>
              <Group gap="md">
                <Text size="xs" c="dimmed" style={wrap}>Event {event.id}</Text>
                {event.accountId && (
                  <Anchor component={Link} to={`/super-admin/accounts/${encodeURIComponent(event.accountId)}`} size="xs">Account {event.accountId}</Anchor>
                )}
                {event.actorUserId && (
                  <Anchor component={Link} to={`/super-admin/users/${encodeURIComponent(event.actorUserId)}`} size="xs">By user {event.actorUserId}</Anchor>
                )}
                {event.correlationId && <Text size="xs" c="dimmed" style={wrap}>Correlation {event.correlationId}</Text>}
              </Group>
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
