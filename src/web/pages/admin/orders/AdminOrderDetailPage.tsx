import { Anchor, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ORDER_LOAD_FAILED } from '../../../../common/domains/orders.ts';
import { formatAmount } from '../../../../common/billing/billing.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ManualCompletionCard, RetryCard, StatusCard } from './OrderActions.tsx';
import { PaymentBadge, StatusBadge } from './OrderBadges.tsx';
import { AdminNotes, OrderFacts, RegistrationAttempts } from './OrderFacts.tsx';

const PROCESSING_REFRESH_MS = 2_000;

function OrderDetail({ orderId }: { orderId: string }) {
  // While the registration job runs (after a Retry) the page follows it until it ends.
  const details = useFn('getOrderDetails', { orderId }, {
    refetchInterval: (query) => (query.state.data?.order.status === 'processing' ? PROCESSING_REFRESH_MS : false),
  });

  if (details.isPending) return <Stack aria-busy aria-label="Loading order">{[0, 1, 2].map((i) => <Skeleton key={i} height={140} />)}</Stack>;
  if (details.isError) return <LoadFailedAlert onRetry={() => details.refetch()}>{failureText(ORDER_LOAD_FAILED, details.error)}</LoadFailedAlert>;
  const { order } = details.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={order.domain}
        badges={<><StatusBadge status={order.status} /><PaymentBadge status={order.paymentStatus} /></>}
        context={(
          <>
            Order {order.id} · {formatAmount(order.totalCents, order.currency)} · placed {formatDateTime(order.createdAt)} ·{' '}
            <Anchor component={Link} to={`/super-admin/accounts/${encodeURIComponent(order.accountId)}`} size="sm">{order.account.name || order.accountId}</Anchor>
          </>
        )}
      />
      <OrderFacts order={order} />
      <AdminNotes notes={order.adminNotes} />
      <RegistrationAttempts attempts={order.registrationAttempts} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <RetryCard order={order} />
        <StatusCard order={order} />
        <ManualCompletionCard order={order} />
      </SimpleGrid>
    </Stack>
  );
}

/** /super-admin/orders/{orderId}: every field of one order, its attempts and notes, with Retry, status change and manual completion. */
export default function AdminOrderDetailPage() {
  const { orderId = '' } = useParams();
  return (
    <RequireSuperAdmin>
      <Stack gap="md">
        <Group gap="md">
          <Anchor component={Link} to="/super-admin/orders" size="sm">← All orders</Anchor>
          <Anchor component={Link} to="/super-admin/orders/failed" size="sm">Failed orders</Anchor>
        </Group>
        <OrderDetail key={orderId} orderId={orderId} />
      </Stack>
    </RequireSuperAdmin>
  );
}
