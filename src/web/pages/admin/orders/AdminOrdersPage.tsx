import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { FAILED_TO_LOAD_ORDERS, NO_ORDERS, ORDERS_PAGE_SIZE, orderCountLabel } from '../../../../common/admin/orders/texts.ts';
import { type AdminOrderSummary, getAllOrders } from '../../../../common/admin/orders/contract.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../../common/domains/orders.ts';
import { formatAmount } from '../../../../common/billing/billing.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { columnSort } from '../../../components/resourceList/columnSort.ts';
import { DayRangeInputs } from '../../../components/resourceList/DayRangeInputs.tsx';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import { type SortOption, SortSelect } from '../../../components/resourceList/SortSelect.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';
import { AccountFilter } from '../accounts/AccountFilter.tsx';
import { PaymentBadge, StatusBadge } from './OrderBadges.tsx';

const COLUMNS = ['Domain', 'Account', 'Status', 'Payment', 'Total', 'Created'] as const;

const FIELDS = inputFields(getAllOrders.input, ['status', 'accountId', 'domain', 'dateFrom', 'dateTo', 'sortBy', 'sortOrder']);
/** The server's own order when none is asked for. */
const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' };

const SORTS: SortOption[] = [
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
        <RowLink to={adminPath('orders', order.id)}>{order.domain}</RowLink>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{order.kind === 'renewal' ? 'Renewal' : 'Registration'} · {order.id}</Text>
      </Table.Td>
      <Table.Td data-label="Account">
        <RowLink to={adminPath('accounts', order.accountId)} secondary>{order.accountName ?? order.accountId}</RowLink>
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
      <Table.Td data-label="Created"><RelativeTime value={order.createdAt} withTime={false} /></Table.Td>
    </Table.Tr>
  );
}

function Orders() {
  const filters = useUrlFilters(FIELDS, { typed: ['domain'], defaults: DEFAULT_SORT });
  const { values } = filters;
  const orders = useKeysetPages('getAllOrders', { limit: ORDERS_PAGE_SIZE, ...values });
  const rows = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  const first = orders.data?.pages[0]?.pagination;
  const sort = columnSort(filters, { Domain: 'domain', Total: 'totalPrice', Created: 'createdAt' });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Orders" context="Every domain order. Open one to retry it, change its status or complete it by hand."
        actions={<Button component={Link} to="/super-admin/orders/failed" variant="light" color="red">Failed orders</Button>}
      />
      <ResourceList
        label="Orders" columns={COLUMNS} numeric={['Total']} highlightOnHover
        query={orders} rows={rows} renderRow={(order) => <OrderRow key={order.id} order={order} />}
        skeleton={{ count: 5, wide: ['Domain'] }}
        failure={failureText(FAILED_TO_LOAD_ORDERS, orders.error)}
        empty={{ title: NO_ORDERS }}
        filters={filters}
        sort={sort}
        toolbar={(
          <>
            <ListToolbar label="Filter orders">
              <Select label="Status" placeholder="All statuses" data={STATUS_OPTIONS} clearable style={{ flex: '1 1 180px' }} {...filters.choice('status')} />
              <TextInput label="Domain starts with" placeholder="example" type="search" style={{ flex: '1 1 200px' }} {...filters.input('domain')} />
              <DayRangeInputs filters={filters} labels={['Created from', 'Created to']} style={{ flex: '1 1 150px' }} />
              <SortSelect options={SORTS} current={sort.current} onChange={(next) => filters.update(() => next)} style={{ flex: '1 1 150px' }} />
            </ListToolbar>
            <div style={{ maxWidth: 420 }}>
              <AccountFilter accountId={values.accountId} onChange={(id) => filters.set('accountId', id)} />
            </div>
            {first && rows.length > 0 && <Text size="sm" c="dimmed" aria-live="polite">{orderCountLabel(first.totalCount, first.totalCountCapped)}</Text>}
          </>
        )}
      />
    </Stack>
  );
}

/** /super-admin/orders: every domain order, filtered and sorted, 25 at a time. */
export default function AdminOrdersPage() {
  return <RequireSuperAdmin><Orders /></RequireSuperAdmin>;
}
