import { Alert, Anchor, Badge, Button, Center, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { FAILED_TO_LOAD_TICKETS, NO_TICKETS } from '../../../../common/adminSupportTexts.ts';
import type { AccountOption } from '../../../../common/contracts/adminAccounts.ts';
import type { StaffTicketSummary } from '../../../../common/contracts/adminSupport.ts';
import type { SortOrder } from '../../../../common/contracts/adminUsers.ts';
import type { TicketPriority, TicketStatus } from '../../../../common/constants.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import classes from '../../../components/StackedTable.module.css';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { AccountSearchPicker } from '../accounts/AccountSearchPicker.tsx';
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from './ticketOptions.ts';
import { useTicketPages } from './useTicketPages.ts';

const COLUMNS = ['Subject', 'Account', 'Author', 'Status', 'Priority', 'Last activity'] as const;

const SORTS: { value: SortOrder; label: string }[] = [
  { value: 'desc', label: 'Latest activity first' },
  { value: 'asc', label: 'Oldest activity first' },
];

function TicketRow({ ticket }: { ticket: StaffTicketSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Anchor component={Link} to={`/super-admin/tickets/${encodeURIComponent(ticket.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {ticket.subject || 'No Subject'}
        </Anchor>
      </Table.Td>
      <Table.Td data-label="Account">
        <Anchor component={Link} to={`/super-admin/accounts/${encodeURIComponent(ticket.accountId)}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {ticket.accountName}
        </Anchor>
      </Table.Td>
      <Table.Td data-label="Author">
        <Anchor component={Link} to={`/super-admin/users/${encodeURIComponent(ticket.authorId)}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {ticket.authorEmail}
        </Anchor>
      </Table.Td>
      <Table.Td data-label="Status"><TicketStatusBadge status={ticket.status} className={classes.badge} /></Table.Td>
      <Table.Td data-label="Priority">
        <Badge variant="outline" color={ticket.priority === 'high' ? 'red' : 'gray'} className={classes.badge}>{ticket.priority}</Badge>
      </Table.Td>
      <Table.Td data-label="Last activity">{formatDateTime(ticket.lastActivityAt)}</Table.Td>
    </Table.Tr>
  );
}

function Tickets() {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<TicketStatus | null>(null);
  const [priority, setPriority] = useState<TicketPriority | null>(null);
  const [account, setAccount] = useState<AccountOption | null>(null);
  const [sortOrder, setSortOrder] = useState<SortOrder>('desc');
  const [debouncedText] = useDebouncedValue(text, 300);
  const tickets = useTicketPages({ text: debouncedText, status, priority, accountId: account?.id ?? null, sortOrder });
  const rows = tickets.data?.pages.flatMap((p) => p.tickets) ?? [];

  let body;
  if (tickets.isPending) {
    body = <StackedTable label="Tickets" columns={COLUMNS}><SkeletonRows columns={COLUMNS} count={5} wide={['Subject']} /></StackedTable>;
  } else if (tickets.isError && rows.length === 0) {
    body = <LoadFailedAlert onRetry={() => tickets.refetch()}>{failureText(FAILED_TO_LOAD_TICKETS, tickets.error)}</LoadFailedAlert>;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack align="center" gap={4}>
          <Text ta="center" fw={600}>{NO_TICKETS}</Text>
          <Text ta="center" size="sm" c="dimmed">Clear a filter or search for another part of the subject.</Text>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <StackedTable label="Tickets" columns={COLUMNS} highlightOnHover>
        {rows.map((ticket) => <TicketRow key={ticket.id} ticket={ticket} />)}
      </StackedTable>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">Support tickets</Title>
        <Text size="sm" c="dimmed">Every account&apos;s tickets, latest activity first. Open one to read the conversation and answer it.</Text>
      </Stack>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Subject contains" placeholder="e.g. renewal" value={text} onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 200px' }} type="search" maxLength={200}
        />
        <Select
          label="Status" placeholder="All statuses" data={STATUS_OPTIONS} value={status} clearable
          onChange={(value) => setStatus(value as TicketStatus | null)} style={{ flex: '1 1 150px' }}
        />
        <Select
          label="Priority" placeholder="All priorities" data={PRIORITY_OPTIONS} value={priority} clearable
          onChange={(value) => setPriority(value as TicketPriority | null)} style={{ flex: '1 1 130px' }}
        />
        <div style={{ flex: '1 1 220px' }}>
          <AccountSearchPicker label="Account" selected={account} onSelect={setAccount} />
        </div>
        <Select
          label="Sort" data={SORTS} value={sortOrder} allowDeselect={false}
          onChange={(value) => value && setSortOrder(value as SortOrder)} style={{ flex: '1 1 170px' }}
        />
      </Group>
      {body}
      {tickets.isFetchNextPageError && <Alert color="red" role="alert">{failureText(FAILED_TO_LOAD_TICKETS, tickets.error)}</Alert>}
      {tickets.hasNextPage && (
        <Center>
          <Button variant="default" loading={tickets.isFetchingNextPage} onClick={() => tickets.fetchNextPage()}>Load more</Button>
        </Center>
      )}
    </Stack>
  );
}

/** /super-admin/tickets: every account's tickets, filtered by status, priority, account and subject text, 25 at a time. */
export default function AdminTicketsPage() {
  return <RequireSuperAdmin><Tickets /></RequireSuperAdmin>;
}
