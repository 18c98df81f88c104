import { Anchor, Badge, Button, Stack, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { TicketSummary } from '../../../common/tickets/contract.ts';
import { useKeysetPages } from '../../api/useKeysetPages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { ResourceList } from '../../components/resourceList/ResourceList.tsx';
import classes from '../../components/StackedTable.module.css';
import { TicketStatusBadge } from '../../components/badges/TicketStatusBadge.tsx';
import { ticketPriorityLabel } from '../../components/labels.ts';

const PAGE_SIZE = 50;
const COLUMNS = ['Subject', 'Created', 'Status', 'Priority'];
const FAILED_TO_LOAD_TICKETS = 'Failed to load tickets.';

function TicketRow({ ticket }: { ticket: TicketSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Anchor component={Link} to={`/tickets/${encodeURIComponent(ticket.id)}`} style={{ overflowWrap: 'anywhere' }}>
          {ticket.subject || 'No Subject'}
        </Anchor>
      </Table.Td>
      <Table.Td data-label="Created"><RelativeTime value={ticket.createdAt} withTime={false} /></Table.Td>
      <Table.Td data-label="Status"><TicketStatusBadge status={ticket.status} className={classes.badge} /></Table.Td>
      <Table.Td data-label="Priority">
        <Badge variant="outline" color="gray" className={classes.badge}>{ticketPriorityLabel(ticket.priority)}</Badge>
      </Table.Td>
    </Table.Tr>
  );
}

/** /tickets: the support tickets the signed-in user opened, newest first. */
export default function TicketsPage() {
  // Keyed under 'listMyTickets', so a new ticket refreshes the list.
  const tickets = useKeysetPages('listMyTickets', { limit: PAGE_SIZE }, 'cursor');
  const rows = tickets.data?.pages.flatMap((p) => p.tickets) ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="My Support Tickets" context="Tickets you opened, newest first."
        actions={<Button component={Link} to="/tickets/new">Submit New Ticket</Button>}
      />
      <ResourceList
        label="My support tickets" columns={COLUMNS} highlightOnHover
        query={tickets} rows={rows} renderRow={(ticket) => <TicketRow key={ticket.id} ticket={ticket} />}
        skeleton={{ count: 3, wide: ['Subject'] }}
        failure={FAILED_TO_LOAD_TICKETS}
        empty={{
          title: 'You have not submitted any support tickets yet.',
          hint: 'Your questions to the support team and their status will show here.',
          actions: <Button component={Link} to="/tickets/new">Submit your first ticket</Button>,
        }}
      />
    </Stack>
  );
}
