import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DomainOrder } from '../../../../common/domains/ordersContract.ts';
import { REGISTRATION_FAILED } from '../../../../common/domains/orders.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { domainPath } from '../list/domainPath.ts';
import { AUTOMATIC_RENEWAL_CHARGED, isAutomaticRenewal } from '../../../../common/domains/orders.ts';
import { OPENING_PAYMENT, PAY_NOW_PARAM, PAYMENT_CANCELLED, PAYMENT_CONFIRMING } from './orderLoadText.ts';

/** The ticket page takes no subject from the address, so the link says which order to mention. */
function ContactSupport({ orderId }: { orderId: string }) {
  return (
    <Text size="sm">
      Need help? <Anchor component={Link} to="/tickets/new">Contact support</Anchor> and mention order <strong>{orderId}</strong>.
    </Text>
  );
}

function PayNow({ order, openAtOnce }: { order: DomainOrder; openAtOnce: boolean }) {
  const pay = useFnMutation('payDomainOrder');
  const feedback = useFeedback();
  const [, setParams] = useSearchParams();
  const onPay = () => {
    feedback.clear();
    pay.mutate({ orderId: order.orderId }, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => feedback.failure('Could not open the payment page', error),
    });
  };
  const opened = useRef(false);
  useEffect(() => {
    if (!openAtOnce || opened.current) return;
    opened.current = true;
    // Once only: coming back to this page (the browser's Back) shows the button instead of leaving again.
    setParams((now) => { now.delete(PAY_NOW_PARAM); return now; }, { replace: true });
    onPay();
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text size="sm" role={pay.isPending || pay.isSuccess ? 'status' : undefined}>
            {pay.isPending || pay.isSuccess ? OPENING_PAYMENT : `${order.kind === 'renewal' ? 'This renewal' : 'This registration'} starts as soon as the payment is received.`}
          </Text>
          {/* Still loading after success: the browser is on its way to the payment page. */}
          <Button onClick={onPay} loading={pay.isPending || pay.isSuccess}>Pay now</Button>
        </Group>
        <FeedbackAlert feedback={feedback} />
      </Stack>
    </Paper>
  );
}

interface OrderStateBannerProps {
  order: DomainOrder;
  /** Where the payment provider sent the customer back from, if it did. */
  paymentReturn: 'cancelled' | 'success' | null;
  /** The registration form sent the customer here to pay: the checkout opens by itself. */
  payNow: boolean;
}

/** What the order needs or is doing now: pay, wait, what failed and where to get help, or the way to the domain. */
export function OrderStateBanner({ order, paymentReturn, payNow }: OrderStateBannerProps) {
  const verb = order.kind === 'renewal' ? 'Renewing' : 'Registering';
  switch (order.status) {
    case 'pending_payment':
      // Back from a completed checkout, the provider's confirmation may land a moment later: no second payment meanwhile.
      if (paymentReturn === 'success') return <Alert color="blue" role="status">{PAYMENT_CONFIRMING}</Alert>;
      // The server refuses a checkout for these: a second way to pay could take the money twice.
      if (isAutomaticRenewal(order)) return <Alert color="blue" role="status">{AUTOMATIC_RENEWAL_CHARGED}</Alert>;
      return (
        <Stack gap="sm">
          {paymentReturn === 'cancelled' && <Alert color="yellow" role="status">{PAYMENT_CANCELLED}</Alert>}
          <PayNow order={order} openAtOnce={payNow && paymentReturn === null} />
        </Stack>
      );
    case 'processing':
      return (
        <Paper withBorder p="md" role="status">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Stack gap={0}>
              <Text fw={600}>{`${verb} ${order.domain}...`}</Text>
              <Text size="sm" c="dimmed">This usually takes less than a minute. The page updates by itself.</Text>
            </Stack>
          </Group>
        </Paper>
      );
    case 'failed':
      return (
        <Alert color="red" role="alert" title={order.kind === 'renewal' ? 'Renewal failed' : REGISTRATION_FAILED}>
          <Stack gap="xs">
            <Text size="sm">{order.error ?? 'The registrar did not complete this order.'}</Text>
            <ContactSupport orderId={order.orderId} />
          </Stack>
        </Alert>
      );
    case 'requires_manual_processing':
      return (
        <Alert color="orange" role="status" title="With our team">
          <Stack gap="xs">
            <Text size="sm">{order.error ?? 'This order needs a look from our team; we complete it by hand and this page updates when it is done.'}</Text>
            <ContactSupport orderId={order.orderId} />
          </Stack>
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert color="gray" role="status" title="Order cancelled">
          <Stack gap="xs">
            <Text size="sm">This order was cancelled and will not be carried out.</Text>
            <ContactSupport orderId={order.orderId} />
          </Stack>
        </Alert>
      );
    case 'completed':
      return (
        <Alert color="green" role="status" title={order.kind === 'renewal' ? 'Domain renewed' : 'Domain registered'}>
          <Button component={Link} to={domainPath(order.domain)} size="sm">{`Manage ${order.domain}`}</Button>
        </Alert>
      );
  }
}
