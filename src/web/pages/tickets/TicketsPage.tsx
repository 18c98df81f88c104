import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TicketSummary } from '../../../common/contracts/tickets.ts';
import { callFunction } from '../../api/client.ts';
import { formatDate } from '../../components/dateFormat.ts';
import { TicketStatusBadge } from '../../components/TicketStatusBadge.tsx';

const PAGE_SIZE = 50;

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
      <Table.Td>
        <Anchor component={Link} to={`/tickets/${encodeURIComponent(ticket.id)}`}>
          {ticket.subject || 'No Subject'}
        </Anchor>
      </Table.Td>
      <Table.Td>{formatDate(ticket.createdAt)}</Table.Td>
      <Table.Td><TicketStatusBadge status={ticket.status} /></Table.Td>
      <Table.Td><Badge variant="outline" color="gray">{ticket.priority}</Badge></Table.Td>
    </Table.Tr>
  );
}

/** /tickets: the support tickets the signed-in user opened, newest first. */
export default function TicketsPage() {
  const tickets = useMyTickets();
  const rows = tickets.data?.pages.flatMap((p) => p.tickets) ?? [];

  let body;
  if (tickets.isPending) {
    body = <Center py="xl"><Loader aria-label="Loading tickets" /></Center>;
  } else if (tickets.isError && rows.length === 0) {
    body = <Alert color="red" role="alert">Failed to load tickets.</Alert>;
  } else if (rows.length === 0) {
    body = <Text c="dimmed">You have not submitted any support tickets yet.</Text>;
  } else {
    body = (
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560} type="native">
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Priority</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((ticket) => <TicketRow key={ticket.id} ticket={ticket} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>My Support Tickets</Title>
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
