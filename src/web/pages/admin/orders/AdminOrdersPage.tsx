import { Alert, Anchor, Button, Center, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  FAILED_TO_LOAD_ORDERS, NO_ORDERS, orderCountLabel, type OrderSortField,
} from '../../../../common/adminOrdersTexts.ts';
import type { AccountOption } from '../../../../common/contracts/adminAccounts.ts';
import type { AdminOrderSummary } from '../../../../common/contracts/adminOrders.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../../../common/domainOrders.ts';
import { formatAmount } from '../../../../common/billing.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { AccountSearchPicker } from '../accounts/AccountSearchPicker.tsx';
import { PaymentBadge, StatusBadge } from './OrderBadges.tsx';
import { useOrderPages } from './useOrderPages.ts';

const COLUMNS = ['Domain', 'Account', 'Status', 'Payment', 'Total', 'Created'] as const;

const SORTS: { value: `${OrderSortField}.${'asc' | 'desc'}`; label: string }[] = [
  { value: 'createdAt.desc', label: 'Newest first' },
  { value: 'createdAt.asc', label: 'Oldest first' },
  { value: 'domain.asc', label: 'Domain A to Z' },
  { value: 'domain.desc', label: 'Domain Z to A' },
  { value: 'totalPrice.desc', label: 'Highest total' },
  { value: 'totalPrice.asc', label: 'Lowest total' },
];

const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

function OrderRow({ order }: { order: AdminOrderSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Anchor component={Link} to={`/super-admin/orders/${encodeURIComponent(order.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {order.domain}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{order.kind === 'renewal' ? 'Renewal' : 'Registration'} · {order.id}</Text>
      </Table.Td>
      <Table.Td data-label="Account">
        <Anchor component={Link} to={`/super-admin/accounts/${encodeURIComponent(order.accountId)}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {order.accountName ?? order.accountId}
        </Anchor>
        {order.userEmail && <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{order.userEmail}</Text>}
      </Table.Td>
      <Table.Td data-label="Status">
        <Group gap={4}>
          <StatusBadge status={order.status} />
          {order.adminActionRequired && <Text size="xs" c="orange" fw={600}>Action required</Text>}
        </Group>
      </Table.Td>
      <Table.Td data-label="Payment"><PaymentBadge status={order.paymentStatus} /></Table.Td>
      <Table.Td data-label="Total" ta="right" style={{ whiteSpace: 'nowrap' }}>{formatAmount(order.totalCents, order.currency)}</Table.Td>
      <Table.Td data-label="Created">{formatDate(order.createdAt)}</Table.Td>
    </Table.Tr>
  );
}

function Orders() {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [account, setAccount] = useState<AccountOption | null>(null);
  const [domain, setDomain] = useState('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [sort, setSort] = useState<(typeof SORTS)[number]['value']>('createdAt.desc');
  const [debouncedDomain] = useDebouncedValue(domain, 300);
  const [sortBy, sortOrder] = sort.split('.') as [OrderSortField, 'asc' | 'desc'];
  const orders = useOrderPages({ status, accountId: account?.id ?? null, domain: debouncedDomain, dateFrom, dateTo, sortBy, sortOrder });
  const rows = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  const first = orders.data?.pages[0]?.pagination;
  const filtered = Boolean(status || account || domain.trim() || dateFrom || dateTo);

  let body;
  if (orders.isPending) {
    body = <StackedTable label="Orders" columns={COLUMNS}><SkeletonRows columns={COLUMNS} count={5} wide={['Domain']} /></StackedTable>;
  } else if (orders.isError && rows.length === 0) {
    body = <LoadFailedAlert onRetry={() => orders.refetch()}>{failureText(FAILED_TO_LOAD_ORDERS, orders.error)}</LoadFailedAlert>;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs">
          <Text ta="center" fw={600}>{NO_ORDERS}</Text>
          {filtered && (
            <Button variant="light" onClick={() => { setStatus(null); setAccount(null); setDomain(''); setDateFrom(''); setDateTo(''); }}>
              Clear filters
            </Button>
          )}
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <StackedTable label="Orders" columns={COLUMNS} numeric={['Total']} highlightOnHover>
        {rows.map((order) => <OrderRow key={order.id} order={order} />)}
      </StackedTable>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">Orders</Title>
          <Text size="sm" c="dimmed">Every domain order. Open one to retry it, change its status or complete it by hand.</Text>
        </Stack>
        <Button component={Link} to="/super-admin/orders/failed" variant="light" color="red">Failed orders</Button>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Status" placeholder="All statuses" data={STATUS_OPTIONS} value={status} clearable
          onChange={(value) => setStatus(value as OrderStatus | null)} style={{ flex: '1 1 180px' }}
        />
        <TextInput
          label="Domain starts with" placeholder="example" value={domain} onChange={(e) => setDomain(e.currentTarget.value)}
          style={{ flex: '1 1 200px' }} type="search"
        />
        <TextInput label="Created from" type="date" value={dateFrom} onChange={(e) => setDateFrom(e.currentTarget.value)} style={{ flex: '1 1 150px' }} />
        <TextInput label="Created to" type="date" value={dateTo} onChange={(e) => setDateTo(e.currentTarget.value)} style={{ flex: '1 1 150px' }} />
        <Select
          label="Sort" data={SORTS} value={sort} allowDeselect={false}
          onChange={(value) => value && setSort(value as typeof sort)} style={{ flex: '1 1 150px' }}
        />
      </Group>
      <div style={{ maxWidth: 420 }}>
        <AccountSearchPicker label="Account" selected={account} onSelect={setAccount} />
      </div>
      {first && rows.length > 0 && <Text size="sm" c="dimmed" aria-live="polite">{orderCountLabel(first.totalCount, first.totalCountCapped)}</Text>}
      {body}
      {orders.isFetchNextPageError && <Alert color="red" role="alert">{failureText(FAILED_TO_LOAD_ORDERS, orders.error)}</Alert>}
      {orders.hasNextPage && (
        <Center>
          <Button variant="default" loading={orders.isFetchingNextPage} onClick={() => orders.fetchNextPage()}>Load more</Button>
        </Center>
      )}
    </Stack>
  );
}

/** /super-admin/orders: every domain order, filtered and sorted, 25 at a time. */
export default function AdminOrdersPage() {
  return <RequireSuperAdmin><Orders /></RequireSuperAdmin>;
}
