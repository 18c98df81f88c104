import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RECENT_ORDERS_SHOWN } from '../../../../common/admin/users/texts.ts';
import { formatAmount } from '../../../../common/billing/billing.ts';
import type { AdminUserDetails } from '../../../../common/admin/users/contract.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import { StackedTable } from '../../../components/StackedTable.tsx';
import { accountRoleLabel, valueLabel } from '../../../components/labels.ts';

const accountLink = (accountId: string) => `/super-admin/accounts/${encodeURIComponent(accountId)}`;

/** The accounts the user belongs to, each linking to the account in the back office. */
export function Memberships({ user }: { user: AdminUserDetails }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">Account memberships</Title>
      {user.memberships.length === 0
        ? <Paper withBorder p="md"><Text size="sm" c="dimmed">Not a member of any account.</Text></Paper>
        : (
          <StackedTable label="Account memberships" columns={['Account', 'Role', 'Joined']}>
            {user.memberships.map((m) => (
              <Table.Tr key={m.accountId}>
                <Table.Td data-primary><Anchor component={Link} to={accountLink(m.accountId)} style={{ overflowWrap: 'anywhere' }}>{m.accountName}</Anchor></Table.Td>
                <Table.Td data-label="Role">{accountRoleLabel(m.role)}</Table.Td>
                <Table.Td data-label="Joined">{formatDate(m.joinedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </StackedTable>
        )}
    </Stack>
  );
}

/** The newest domain orders across the user's accounts. */
export function RecentOrders({ user }: { user: AdminUserDetails }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">Recent orders</Title>
      <Text size="sm" c="dimmed">The last {RECENT_ORDERS_SHOWN} domain orders of the user&apos;s accounts.</Text>
      {user.recentOrders.length === 0
        ? <Paper withBorder p="md"><Text size="sm" c="dimmed">No domain orders yet.</Text></Paper>
        : (
          <StackedTable label="Recent orders" columns={['Domain', 'Type', 'Status', 'Total', 'Ordered']} numeric={['Total']}>
            {user.recentOrders.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td data-primary style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={`/super-admin/orders/${encodeURIComponent(o.id)}`} size="sm">{o.domain}</Anchor>
                </Table.Td>
                <Table.Td data-label="Type">{valueLabel(o.kind)}</Table.Td>
                <Table.Td data-label="Status">{o.status.replace(/_/g, ' ')}</Table.Td>
                <Table.Td data-label="Total" ta="right">{formatAmount(o.totalCents, o.currency)}</Table.Td>
                <Table.Td data-label="Ordered">{formatDate(o.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </StackedTable>
        )}
    </Stack>
  );
}
