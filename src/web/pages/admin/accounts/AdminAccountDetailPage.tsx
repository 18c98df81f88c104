import { Anchor, Badge, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_DETAIL_LOAD_FAILED, DETAIL_EMPTY } from '../../../../common/admin/accounts/texts.ts';
import { formatAmount } from '../../../../common/billing/billing.ts';
import type { AdminAccountDetail } from '../../../../common/admin/accounts/contract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDate } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { StackedTable } from '../../../components/StackedTable.tsx';
import { TicketStatusBadge } from '../../../components/badges/TicketStatusBadge.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ImpersonateButton } from '../impersonation/ImpersonateButton.tsx';
import { accountRoleLabel, accountStatusLabel, domainStatusLabel, orderStatusLabel, ticketPriorityLabel, valueLabel } from '../../../components/labels.ts';

/** A read-only list of the account's rows, or its empty sentence. */
function Section<T>({ title, rows, empty, columns, numeric, row }: {
  title: string; rows: T[]; empty: string; columns: string[]; numeric?: string[]; row(item: T): ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">{title} ({rows.length})</Title>
      {rows.length === 0 ? <Paper withBorder p="md"><Text c="dimmed" size="sm">{empty}</Text></Paper> : (
        <StackedTable label={title} columns={columns} numeric={numeric}>{rows.map(row)}</StackedTable>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

function Detail({ detail }: { detail: AdminAccountDetail }) {
  const { account } = detail;
  return (
    <Stack gap="lg">
      <PageHeader
        back={<Anchor component={Link} to="/super-admin/accounts" size="sm">← Accounts</Anchor>}
        title={account.name}
        badges={(
          <>
            <Badge variant="light" tt="none">Status: {accountStatusLabel(account.status)}</Badge>
            <Badge variant="light" color="teal" tt="none">Activity: {account.activity}</Badge>
          </>
        )}
        actions={<ImpersonateButton size="xs" account={account} />}
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="Account ID">{account.id}</Fact>
          <Fact label="Owner">{account.owner.name} ({account.owner.email})</Fact>
          <Fact label="Created">{formatDate(account.createdAt)}</Fact>
          <Fact label="Billing name">{account.billingName ?? '—'}</Fact>
          <Fact label="Billing email">{account.billingEmail ?? '—'}</Fact>
          <Fact label="Tax ID">{account.taxId ?? '—'}</Fact>
          <Fact label="Billing address">{account.billingAddress ?? '—'}</Fact>
          <Fact label="Domain orders, last 30 days">{account.recentOrderCount}</Fact>
        </SimpleGrid>
      </Paper>
      <Section title="Members" rows={detail.members} empty={DETAIL_EMPTY.members} columns={['Name', 'Email', 'Role', 'Joined']} row={(m) => (
        <Table.Tr key={m.userId}>
          <Table.Td data-primary>{m.name}</Table.Td>
          <Table.Td data-label="Email" style={{ overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
          <Table.Td data-label="Role">{accountRoleLabel(m.role)}</Table.Td>
          <Table.Td data-label="Joined">{formatDate(m.joinedAt)}</Table.Td>
        </Table.Tr>
      )} />
      <Section title="Domains" rows={detail.domains} empty={DETAIL_EMPTY.domains} columns={['Domain', 'Status', 'Expires', 'Auto-renew']} row={(d) => (
        <Table.Tr key={d.id}>
          <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>{d.name}</Table.Td>
          <Table.Td data-label="Status">{domainStatusLabel(d.status)}</Table.Td>
          <Table.Td data-label="Expires">{formatDate(d.expirationDate)}</Table.Td>
          <Table.Td data-label="Auto-renew">{d.autoRenew ? 'On' : 'Off'}</Table.Td>
        </Table.Tr>
      )} />
      <Section title="Domain orders" rows={detail.orders} empty={DETAIL_EMPTY.orders} columns={['Domain', 'Kind', 'Status', 'Total', 'Ordered']} numeric={['Total']} row={(o) => (
        <Table.Tr key={o.id}>
          <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/super-admin/orders/${encodeURIComponent(o.id)}`} size="sm">{o.domain}</Anchor>
          </Table.Td>
          <Table.Td data-label="Kind">{valueLabel(o.kind)} · {o.years} yr</Table.Td>
          <Table.Td data-label="Status">{orderStatusLabel(o.status)}</Table.Td>
          <Table.Td data-label="Total" ta="right">{formatAmount(o.amountCents, o.currency)}</Table.Td>
          <Table.Td data-label="Ordered">{formatDate(o.createdAt)}</Table.Td>
        </Table.Tr>
      )} />
      <Section title="Subscriptions" rows={detail.subscriptions} empty={DETAIL_EMPTY.subscriptions} columns={['Product', 'Status', 'Price', 'Renews']} numeric={['Price']} row={(s) => (
        <Table.Tr key={s.id}>
          <Table.Td data-primary>{s.productName}</Table.Td>
          <Table.Td data-label="Status">{valueLabel(s.status)}</Table.Td>
          <Table.Td data-label="Price" ta="right">{formatAmount(s.amountCents, s.currency)}{s.interval ? ` / ${s.interval}` : ''}</Table.Td>
          <Table.Td data-label="Renews">{formatDate(s.currentPeriodEnd)}</Table.Td>
        </Table.Tr>
      )} />
      <Section title="Invoices" rows={detail.invoices} empty={DETAIL_EMPTY.invoices} columns={['Invoice', 'Status', 'Amount', 'Date']} numeric={['Amount']} row={(i) => (
        <Table.Tr key={i.id}>
          <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>{i.number ?? i.id}</Table.Td>
          <Table.Td data-label="Status">{valueLabel(i.status)}</Table.Td>
          <Table.Td data-label="Amount" ta="right">{formatAmount(i.amountCents, i.currency)}</Table.Td>
          <Table.Td data-label="Date">{formatDate(i.invoiceDate)}</Table.Td>
        </Table.Tr>
      )} />
      <Section title="Tickets" rows={detail.tickets} empty={DETAIL_EMPTY.tickets} columns={['Subject', 'Status', 'Priority', 'Opened']} row={(tk) => (
        <Table.Tr key={tk.id}>
          <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/super-admin/tickets/${encodeURIComponent(tk.id)}`}>{tk.subject || 'No Subject'}</Anchor>
          </Table.Td>
          <Table.Td data-label="Status"><TicketStatusBadge status={tk.status} /></Table.Td>
          <Table.Td data-label="Priority">{ticketPriorityLabel(tk.priority)}</Table.Td>
          <Table.Td data-label="Opened">{formatDate(tk.createdAt)}</Table.Td>
        </Table.Tr>
      )} />
    </Stack>
  );
}

function AccountDetail() {
  const { accountId = '' } = useParams();
  const detail = useFn('getAdminAccountDetails', { accountId });
  if (detail.isError) return <LoadFailedAlert onRetry={() => void detail.refetch()}>{failureText(ACCOUNT_DETAIL_LOAD_FAILED, detail.error)}</LoadFailedAlert>;
  if (!detail.data) {
    return <Stack aria-busy aria-label="Loading account"><Skeleton height={36} width="40%" /><Skeleton height={120} /><Skeleton height={200} /></Stack>;
  }
  return <Detail detail={detail.data} />;
}

/** /super-admin/accounts/{accountId}: one account and everything it holds, read-only. */
export default function AdminAccountDetailPage() {
  return <RequireSuperAdmin><AccountDetail /></RequireSuperAdmin>;
}
