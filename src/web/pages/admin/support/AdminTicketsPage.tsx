import { Badge, Select, Stack, Table, TextInput } from '@mantine/core';
import { FAILED_TO_LOAD_TICKETS, NO_TICKETS, TICKETS_PAGE_SIZE } from '../../../../common/admin/support/texts.ts';
import { listAllTickets, type StaffTicketSummary } from '../../../../common/admin/support/contract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { columnSort } from '../../../components/resourceList/columnSort.ts';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import { type SortOption, SortSelect } from '../../../components/resourceList/SortSelect.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import classes from '../../../components/StackedTable.module.css';
import { TicketStatusBadge } from '../../../components/badges/TicketStatusBadge.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';
import { AccountFilter } from '../accounts/AccountFilter.tsx';
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from './ticketOptions.ts';
import { ticketPriorityLabel } from '../../../components/labels.ts';

const COLUMNS = ['Subject', 'Account', 'Author', 'Status', 'Priority', 'Last activity'] as const;

const FIELDS = inputFields(listAllTickets.input, ['text', 'status', 'priority', 'accountId', 'sortOrder']);

const SORTS: SortOption[] = [
  { value: 'lastActivity.desc', label: 'Latest activity first' },
  { value: 'lastActivity.asc', label: 'Oldest activity first' },
];

function TicketRow({ ticket }: { ticket: StaffTicketSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <RowLink to={adminPath('tickets', ticket.id)}>{ticket.subject || 'No Subject'}</RowLink>
      </Table.Td>
      <Table.Td data-label="Account">
        <RowLink to={adminPath('accounts', ticket.accountId)} secondary>{ticket.accountName}</RowLink>
      </Table.Td>
      <Table.Td data-label="Author">
        <RowLink to={adminPath('users', ticket.authorId)} secondary>{ticket.authorEmail}</RowLink>
      </Table.Td>
      <Table.Td data-label="Status"><TicketStatusBadge status={ticket.status} className={classes.badge} /></Table.Td>
      <Table.Td data-label="Priority">
        <Badge variant="outline" color={ticket.priority === 'high' ? 'red' : 'gray'} className={classes.badge}>{ticketPriorityLabel(ticket.priority)}</Badge>
      </Table.Td>
      <Table.Td data-label="Last activity"><RelativeTime value={ticket.lastActivityAt} /></Table.Td>
    </Table.Tr>
  );
}

function Tickets() {
  const filters = useUrlFilters(FIELDS, { typed: ['text'] });
  const { values } = filters;
  const tickets = useKeysetPages('listAllTickets', { limit: TICKETS_PAGE_SIZE, ...values });
  const rows = tickets.data?.pages.flatMap((p) => p.tickets) ?? [];
  const sort = columnSort(filters, { 'Last activity': 'lastActivity' });

  return (
    <Stack gap="lg">
      <PageHeader title="Support tickets" context="Every account's tickets, latest activity first. Open one to read the conversation and answer it." />
      <ResourceList
        label="Tickets" columns={COLUMNS} highlightOnHover
        query={tickets} rows={rows} renderRow={(ticket) => <TicketRow key={ticket.id} ticket={ticket} />}
        skeleton={{ count: 5, wide: ['Subject'] }}
        failure={failureText(FAILED_TO_LOAD_TICKETS, tickets.error)}
        empty={{ title: NO_TICKETS, hint: 'Clear a filter or search for another part of the subject.' }}
        filters={filters}
        sort={sort}
        toolbar={(
          <ListToolbar label="Filter tickets">
            <TextInput label="Subject contains" placeholder="e.g. renewal" type="search" maxLength={200} style={{ flex: '1 1 200px' }} {...filters.input('text')} />
            <Select label="Status" placeholder="All statuses" data={STATUS_OPTIONS} clearable style={{ flex: '1 1 150px' }} {...filters.choice('status')} />
            <Select label="Priority" placeholder="All priorities" data={PRIORITY_OPTIONS} clearable style={{ flex: '1 1 130px' }} {...filters.choice('priority')} />
            <div style={{ flex: '1 1 220px' }}>
              <AccountFilter accountId={values.accountId} onChange={(id) => filters.set('accountId', id)} />
            </div>
            <SortSelect options={SORTS} current={sort.current} onChange={(next) => filters.update(() => next)} style={{ flex: '1 1 170px' }} />
          </ListToolbar>
        )}
      />
    </Stack>
  );
}

/** /super-admin/tickets: every account's tickets, filtered by status, priority, account and subject text, 25 at a time. */
export default function AdminTicketsPage() {
  return <RequireSuperAdmin><Tickets /></RequireSuperAdmin>;
}
