import { Alert, Anchor, Button, Checkbox, Group, List, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  BULK_RETRY_FAILED, bulkRetrySummary, FAILED_TO_LOAD_FAILED_ORDERS, FAILED_ORDERS_LIMIT, NO_FAILED_ORDERS, SELECT_ORDERS_TO_RETRY,
} from '../../../../common/admin/orders/texts.ts';
import { formatAmount } from '../../../../common/billing/billing.ts';
import { FAILED_ORDERS_SEE_QUEUE } from '../../../../common/hosting/queueTexts.ts';
import type { FnOutput } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';
import { PaymentBadge, PriorityBadge, StatusBadge } from './OrderBadges.tsx';
import { useSupplierOptions } from './useSupplierOptions.ts';

const COLUMNS = ['Select', 'Domain', 'Priority', 'Status', 'Last error', 'Attempts', 'Created'] as const;

type FailedOrder = FnOutput<'getFailedOrders'>['failedOrders'][number];
type RetryResult = { orderId: string; ok: boolean; message: string };

function FailedOrderRow({ order, checked, onToggle }: { order: FailedOrder; checked: boolean; onToggle(id: string): void }) {
  return (
    <Table.Tr>
      <Table.Td data-label="Select">
        <Checkbox aria-label={`Select ${order.domain}`} checked={checked} onChange={() => onToggle(order.id)} />
      </Table.Td>
      <Table.Td data-primary>
        <RowLink to={adminPath('orders', order.id)}>{order.domain}</RowLink>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {order.accountName ?? order.accountId} · {formatAmount(order.totalCents, order.currency)}
        </Text>
      </Table.Td>
      <Table.Td data-label="Priority"><PriorityBadge priority={order.priority} /></Table.Td>
      <Table.Td data-label="Status">
        <Group gap={4}><StatusBadge status={order.status} /><PaymentBadge status={order.paymentStatus} /></Group>
      </Table.Td>
      <Table.Td data-label="Last error">
        <Text size="sm" lineClamp={3} title={order.registrarAnswer ?? undefined} style={{ overflowWrap: 'anywhere' }}>{order.registrarAnswer ?? order.error ?? '—'}</Text>
      </Table.Td>
      <Table.Td data-label="Attempts" ta="right">{order.attempts}</Table.Td>
      <Table.Td data-label="Created"><RelativeTime value={order.createdAt} withTime={false} /></Table.Td>
    </Table.Tr>
  );
}

function FailedOrders() {
  const queue = useFn('getFailedOrders', { limit: FAILED_ORDERS_LIMIT });
  const retry = useFnMutation('bulkRetryOrders', ['getFailedOrders', 'getAllOrders', 'getOrderDetails']);
  const suppliers = useSupplierOptions(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [forceRegistrar, setForceRegistrar] = useState<string | null>(null);
  const [message, setMessage] = useState<{ color: string; text: string; results?: RetryResult[] } | null>(null);
  const orders = queue.data?.failedOrders ?? [];
  const allSelected = orders.length > 0 && orders.every((o) => selected.has(o.id));

  const toggle = (id: string) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });

  const retrySelected = async () => {
    const orderIds = orders.filter((o) => selected.has(o.id)).map((o) => o.id);
    if (orderIds.length === 0) return setMessage({ color: 'yellow', text: SELECT_ORDERS_TO_RETRY });
    setMessage(null);
    try {
      const result = await retry.mutateAsync({ orderIds, forceRegistrar });
      setMessage({
        color: result.summary.failed === 0 ? 'green' : 'yellow', text: bulkRetrySummary(result.summary.successful, result.summary.failed),
        results: result.results.filter((r) => !r.ok),
      });
      setSelected(new Set());
    } catch (error) {
      setMessage({ color: 'red', text: failureText(BULK_RETRY_FAILED, error) });
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Failed orders"
        context={(
          <>
            Orders the registration job could not finish, oldest first{queue.data ? ` (${queue.data.totalCount} in the queue)` : ''}.
            Retry sends paid ones back to the registration job.{' '}
            <Anchor component={Link} to="/super-admin/provisioning" size="sm">{FAILED_ORDERS_SEE_QUEUE}</Anchor>.
          </>
        )}
      />
      <ResourceList
        label="Failed orders" columns={COLUMNS} numeric={['Attempts']}
        query={queue} rows={orders} renderRow={(order) => <FailedOrderRow key={order.id} order={order} checked={selected.has(order.id)} onToggle={toggle} />}
        skeleton={{ count: 4, wide: ['Domain'] }}
        failure={failureText(FAILED_TO_LOAD_FAILED_ORDERS, queue.error)}
        empty={{ title: NO_FAILED_ORDERS, actions: <Anchor component={Link} to="/super-admin/orders">See all orders</Anchor> }}
        toolbar={(
          <>
            {orders.length > 0 && (
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Checkbox
                  label="Select all" checked={allSelected} indeterminate={!allSelected && selected.size > 0}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(orders.map((o) => o.id)))}
                />
                <Select
                  label="Force registrar" placeholder="Cheapest first (automatic)" data={suppliers} value={forceRegistrar} clearable
                  onChange={setForceRegistrar} style={{ flex: '1 1 220px' }}
                />
                <Button onClick={retrySelected} loading={retry.isPending}>Retry selected ({selected.size})</Button>
              </Group>
            )}
            {message && (
              <Alert color={message.color} role="status" withCloseButton onClose={() => setMessage(null)}>
                <Text size="sm">{message.text}</Text>
                {message.results && message.results.length > 0 && (
                  <List size="sm" mt="xs">
                    {message.results.map((r) => (
                      <List.Item key={r.orderId}>{orders.find((o) => o.id === r.orderId)?.domain ?? r.orderId}: {r.message}</List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
          </>
        )}
      />
    </Stack>
  );
}

/** /super-admin/orders/failed: the failed-order queue (50), with priority by age and bulk retry. */
export default function AdminFailedOrdersPage() {
  return <RequireSuperAdmin><FailedOrders /></RequireSuperAdmin>;
}
