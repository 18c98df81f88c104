import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AccountOrderSummary } from '../../../common/domains/ordersContract.ts';
import { ORDER_STATUS_LABELS } from '../../../common/domains/orders.ts';
import { formatAmount } from '../../../common/billing/billing.ts';
import { useKeysetPages } from '../../api/useKeysetPages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { StackedTable } from '../../components/StackedTable.tsx';
import { ResourceList } from '../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../components/resourceList/RowLink.tsx';
import classes from '../../components/StackedTable.module.css';
import { useSession } from '../../session/SessionProvider.tsx';
import { ORDER_STATUS_COLORS } from './order/orderBadges.ts';
import { OrderRowActions } from './orders/OrderRowActions.tsx';

export const ORDERS_LOAD_FAILED = 'Could not load your orders. Please try again.';
const NO_ACTIVE_ACCOUNT_ORDERS = 'Please select an active account to see its domain orders.';

const orderPath = (orderId: string) => `/domains/orders/${encodeURIComponent(orderId)}`;
const what = (order: AccountOrderSummary) =>
  `${order.kind === 'renewal' ? 'Renewal' : 'Registration'}, ${order.registrationYears} ${order.registrationYears === 1 ? 'year' : 'years'}`;

function DomainCell({ order }: { order: AccountOrderSummary }) {
  return (
    <Table.Td data-primary>
      <RowLink to={orderPath(order.orderId)}>{order.domain}</RowLink>
      <Text size="xs" c="dimmed">{what(order)}</Text>
    </Table.Td>
  );
}

const StatusBadge = ({ order }: { order: AccountOrderSummary }) => (
  <Badge color={ORDER_STATUS_COLORS[order.status]} variant="light" className={classes.badge}>{ORDER_STATUS_LABELS[order.status]}</Badge>
);

const UNPAID_COLUMNS = ['Domain', 'Total', 'Placed', 'Actions'] as const;
const ALL_COLUMNS = ['Domain', 'Status', 'Total', 'Placed'] as const;

function AwaitingPayment({ orders }: { orders: AccountOrderSummary[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">Awaiting payment</Title>
      <Text size="sm" c="dimmed">An unpaid order keeps its name for you for a day at most; pay it or cancel it.</Text>
      <StackedTable label="Orders awaiting payment" columns={UNPAID_COLUMNS} numeric={['Total']} widths={{ Total: 110, Placed: 130, Actions: 190 }}>
        {orders.map((order) => (
          <Table.Tr key={order.orderId}>
            <DomainCell order={order} />
            <Table.Td data-label="Total" ta="right">{formatAmount(order.totalCents, order.currency)}</Table.Td>
            <Table.Td data-label="Placed"><RelativeTime value={order.createdAt} /></Table.Td>
            <Table.Td data-label="Actions"><OrderRowActions order={order} /></Table.Td>
          </Table.Tr>
        ))}
      </StackedTable>
    </Stack>
  );
}

function AccountOrders({ accountId }: { accountId: string }) {
  const query = useKeysetPages('listDomainOrders', { accountId }, 'cursor');
  const pages = query.data?.pages ?? [];
  const awaiting = pages[0]?.awaitingPayment ?? [];
  const rows = pages.flatMap((page) => page.orders);
  const nothingAtAll = query.isSuccess && awaiting.length === 0 && rows.length === 0;

  return (
    <Stack gap="lg">
      {awaiting.length > 0 && <AwaitingPayment orders={awaiting} />}
      <Stack gap="xs">
        {!nothingAtAll && <Title order={2} size="h4">{awaiting.length > 0 ? 'Other orders' : 'Orders'}</Title>}
        <ResourceList
          label="Domain orders" columns={ALL_COLUMNS} numeric={['Total']} widths={{ Status: 170, Total: 110, Placed: 130 }}
          query={query} rows={rows}
          renderRow={(order) => (
            <Table.Tr key={order.orderId}>
              <DomainCell order={order} />
              <Table.Td data-label="Status"><StatusBadge order={order} /></Table.Td>
              <Table.Td data-label="Total" ta="right">{formatAmount(order.totalCents, order.currency)}</Table.Td>
              <Table.Td data-label="Placed"><RelativeTime value={order.createdAt} /></Table.Td>
            </Table.Tr>
          )}
          failure={ORDERS_LOAD_FAILED}
          empty={nothingAtAll
            ? { title: 'No domain orders yet', hint: 'Orders appear here when you register or renew a domain.', actions: <Button component={Link} to="/domains/search">Search for a domain</Button> }
            : { title: 'No other orders', hint: 'Paid, completed and cancelled orders appear here.' }}
          skeleton={{ count: 4, wide: ['Domain'] }}
        />
      </Stack>
    </Stack>
  );
}

/** /domains/orders: the active account's domain orders, unpaid ones first with Pay now and Cancel. */
export default function DomainOrdersPage() {
  const { activeAccountId } = useSession();
  return (
    <Stack gap="sm">
      <Group><Anchor component={Link} to="/domains" size="sm">← My Domains</Anchor></Group>
      <Stack gap="lg">
        <PageHeader
          title="Domain orders" context="Every registration and renewal ordered for this account, and what each is waiting for."
          actions={<Button component={Link} to="/domains/search">Register a domain</Button>}
        />
        {activeAccountId
          ? <AccountOrders key={activeAccountId} accountId={activeAccountId} />
          : <Alert color="yellow" role="alert">{NO_ACTIVE_ACCOUNT_ORDERS}</Alert>}
      </Stack>
    </Stack>
  );
}
