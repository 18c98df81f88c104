import { Button, Group, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { AccountOrderSummary } from '../../../../common/domains/ordersContract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';

const REFRESHES = ['listDomainOrders', 'getDomainOrder'] as const;

/** Pay now opens the order's checkout; Cancel asks first, since a cancelled order cannot be paid again. */
export function OrderRowActions({ order }: { order: AccountOrderSummary }) {
  const pay = useFnMutation('payDomainOrder');
  const cancel = useFnMutation('cancelDomainOrder', [...REFRESHES]);
  const payFeedback = useFeedback();
  const cancelFeedback = useFeedback();
  const [confirming, setConfirming] = useState(false);

  const onPay = () => {
    payFeedback.clear();
    pay.mutate({ orderId: order.orderId }, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => payFeedback.failure('Could not open the payment page', error),
    });
  };
  const onCancel = async (event: FormEvent) => {
    event.preventDefault();
    cancelFeedback.clear();
    try {
      await cancel.mutateAsync({ orderId: order.orderId });
      setConfirming(false);
    } catch (error) {
      cancelFeedback.failure('Could not cancel the order', error);
    }
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {/* Still loading after success: the browser is on its way to the payment page. */}
        <Button size="xs" onClick={onPay} loading={pay.isPending || pay.isSuccess} disabled={!order.canPay}>Pay now</Button>
        <Button size="xs" variant="default" onClick={() => setConfirming(true)} disabled={!order.canCancel}>Cancel</Button>
      </Group>
      <FeedbackAlert feedback={payFeedback} />
      <FormModal
        title={`Cancel the order for ${order.domain}?`} opened={confirming} onClose={() => setConfirming(false)} onSubmit={onCancel}
        feedback={cancelFeedback} submitLabel="Cancel order" submitting={cancel.isPending}
      >
        <Text size="sm">
          Nothing has been paid. The order is closed and its payment page stops working; you can order the name again later if it is still free.
        </Text>
      </FormModal>
    </>
  );
}
