import { Alert, Anchor, Group, SimpleGrid, Stack } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import type { DomainOrder } from '../../../common/domains/ordersContract.ts';
import { liveTopics } from '../../../common/live.ts';
import { fnKey, useFn } from '../../api/hooks.ts';
import { useLiveTopic } from '../../api/useLiveTopic.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';
import { OrderContact, OrderDomainInfo, OrderSummary } from './order/OrderFacts.tsx';
import { orderLoadText, paymentReturn, wantsPaymentNow } from './order/orderLoadText.ts';
import { OrderStateBanner } from './order/OrderStateBanner.tsx';
import { OrderStatusBadges } from './order/OrderStatusBadges.tsx';
import { OrderTimelineCard } from './order/OrderTimelineCard.tsx';
import { DetailSkeleton } from './DetailSkeleton.tsx';

function LoadingOrder() {
  return <DetailSkeleton label="Loading order" titleWidths={['50%', '60%']} />;
}

function OrderView({ order }: { order: DomainOrder }) {
  const [params] = useSearchParams();
  return (
    <Stack gap="lg">
      <PageHeader
        title={order.kind === 'renewal' ? `Renewal of ${order.domain}` : `Registration of ${order.domain}`}
        context={`Order ${order.orderId}, placed ${formatDateTime(order.createdAt)}`}
      />
      <OrderStatusBadges order={order} />
      <OrderStateBanner order={order} paymentReturn={paymentReturn(params)} payNow={wantsPaymentNow(params)} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <OrderDomainInfo order={order} />
        <OrderTimelineCard order={order} />
        <OrderSummary order={order} />
        <OrderContact order={order} />
      </SimpleGrid>
    </Stack>
  );
}

/** /domains/orders/{orderId}: one order, live: every change the server announces is read again. */
export default function DomainOrderPage() {
  const orderId = useParams().orderId ?? '';
  const order = useFn('getDomainOrder', { orderId }, { retry: (count, error) => orderLoadText(error.code).retry && count < 2 });
  useLiveTopic(order.isSuccess ? liveTopics.domainOrder(orderId) : null, fnKey('getDomainOrder', { orderId }));

  let body;
  if (order.isPending) body = <LoadingOrder />;
  else if (order.isError) {
    const { text, retry } = orderLoadText(order.error.code);
    body = retry
      ? <LoadFailedAlert onRetry={() => order.refetch()}>{text}</LoadFailedAlert>
      : <Alert color="yellow" role="alert" title={text}>This order does not exist or belongs to an account you are not a member of.</Alert>;
  } else body = <OrderView order={order.data.order} />;

  return (
    <Stack gap="sm">
      <Group gap="md">
        <Anchor component={Link} to="/domains" size="sm">← My Domains</Anchor>
        <Anchor component={Link} to="/domains/orders" size="sm">All orders</Anchor>
      </Group>
      {body}
    </Stack>
  );
}
