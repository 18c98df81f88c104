import { Alert, Anchor, Badge, Button, Center, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TicketSummary } from '../../../common/contracts/tickets.ts';
import { callFunction } from '../../api/client.ts';
import { formatDate } from '../../components/dateFormat.ts';
import classes from '../../components/StackedTable.module.css';
import { SkeletonRows, StackedTable } from '../../components/StackedTable.tsx';
import { TicketStatusBadge } from '../../components/TicketStatusBadge.tsx';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';

const PAGE_SIZE = 50;
const COLUMNS = ['Subject', 'Created', 'Status', 'Priority'];

const TicketTable = ({ children }: { children: ReactNode }) => (
  <StackedTable label="My support tickets" columns={COLUMNS} highlightOnHover>{children}</StackedTable>
);

/** Every page of the caller's tickets; keyed under 'listMyTickets' so a new ticket refreshes it. */
function useMyTickets() {
  return useInfiniteQuery({
    queryKey: ['listMyTickets', 'pages', PAGE_SIZE],
    queryFn: ({ pageParam }) => callFunction('listMyTickets', { limit: PAGE_SIZE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

function TicketRow({ ticket }: { ticket: TicketSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Anchor component={Link} to={`/tickets/${encodeURIComponent(ticket.id)}`} style={{ overflowWrap: 'anywhere' }}>
          {ticket.subject || 'No Subject'}
        </Anchor>
      </Table.Td>
      <Table.Td data-label="Created">{formatDate(ticket.createdAt)}</Table.Td>
      <Table.Td data-label="Status"><TicketStatusBadge status={ticket.status} className={classes.badge} /></Table.Td>
      <Table.Td data-label="Priority">
        <Badge variant="outline" color="gray" className={classes.badge}>{ticket.priority}</Badge>
      </Table.Td>
    </Table.Tr>
  );
}

/** No tickets yet: what the list will hold, and the way to open the first one. */
function EmptyTickets() {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>You have not submitted any support tickets yet.</Text>
        <Text size="sm" c="dimmed">Your questions to the support team and their status will show here.</Text>
        <Button component={Link} to="/tickets/new" mt="xs">Submit your first ticket</Button>
      </Stack>
    </Paper>
  );
}

/** /tickets: the support tickets the signed-in user opened, newest first. */
export default function TicketsPage() {
  const tickets = useMyTickets();
  const rows = tickets.data?.pages.flatMap((p) => p.tickets) ?? [];

  let body;
  if (tickets.isPending) {
    body = <TicketTable><SkeletonRows columns={COLUMNS} count={3} wide={['Subject']} /></TicketTable>;
  } else if (tickets.isError && rows.length === 0) {
    body = (
      <LoadFailedAlert onRetry={() => tickets.refetch()}>Failed to load tickets.</LoadFailedAlert>
    );
  } else if (rows.length === 0) {
    body = <EmptyTickets />;
  } else {
    body = <TicketTable>{rows.map((ticket) => <TicketRow key={ticket.id} ticket={ticket} />)}</TicketTable>;
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1} size="h2">My Support Tickets</Title>
          <Text size="sm" c="dimmed">Tickets you opened, newest first.</Text>
        </Stack>
        <Button component={Link} to="/tickets/new">Submit New Ticket</Button>
      </Group>
      {body}
      {tickets.isFetchNextPageError && <Alert color="red" role="alert">Failed to load tickets.</Alert>}
      {tickets.hasNextPage && (
        <Center>
          <Button variant="default" loading={tickets.isFetchingNextPage} onClick={() => tickets.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
