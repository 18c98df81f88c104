import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPrice } from '../../../common/billing/billing.ts';
import type { FnOutput } from '../../api/client.ts';
import { useFnMutation } from '../../api/hooks.ts';
import { SubscriptionStatusBadge } from '../../components/badges/BillingStatusBadges.tsx';
import { formatDate } from '../../components/dateFormat.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';

type Subscription = FnOutput<'getTestPortal'>['portal']['subscriptions'][number];

/** One subscription in the test portal: cancel at period end or resume, and a renewal run now to see its outcome. */
export function PortalSubscription({ portalSessionId, subscription }: { portalSessionId: string; subscription: Subscription }) {
  const setCancel = useFnMutation('testPortalSetCancelAtPeriodEnd', ['getTestPortal']);
  const renew = useFnMutation('testPortalRenewNow', ['getTestPortal']);
  const feedback = useFeedback();
  const ended = subscription.status === 'canceled';
  const busy = setCancel.isPending || renew.isPending;

  const toggleCancel = async () => {
    feedback.clear();
    try {
      const result = await setCancel.mutateAsync({ portalSessionId, subscriptionId: subscription.id, cancelAtPeriodEnd: !subscription.cancelAtPeriodEnd });
      feedback.success(result.message);
    } catch (error) {
      feedback.failure('Could not change the subscription', error);
    }
  };
  const renewNow = async () => {
    feedback.clear();
    try {
      const result = await renew.mutateAsync({ portalSessionId, subscriptionId: subscription.id });
      if (result.outcome === 'paid') feedback.success(result.message);
      else feedback.error(result.message);
    } catch (error) {
      feedback.failure('Could not renew', error);
    }
  };

  const when = formatDate(subscription.currentPeriodEnd);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={subscription.productName}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{subscription.productName}</Text>
            <SubscriptionStatusBadge status={subscription.status} />
          </Group>
          <Text fw={600}>{formatPrice(subscription)}</Text>
        </Group>
        {!ended && <Text size="sm" c="dimmed">{subscription.cancelAtPeriodEnd ? `Cancels on ${when}` : `Renews on ${when}`}</Text>}
        {!ended && (
          <Group gap="xs">
            <Button size="xs" variant={subscription.cancelAtPeriodEnd ? 'filled' : 'default'} onClick={toggleCancel} loading={setCancel.isPending} disabled={busy}>
              {subscription.cancelAtPeriodEnd ? 'Resume' : 'Cancel at period end'}
            </Button>
            <Button size="xs" variant="light" onClick={renewNow} loading={renew.isPending} disabled={busy}>Renew now (test)</Button>
          </Group>
        )}
        <FeedbackAlert feedback={feedback} />
      </Stack>
    </Paper>
  );
}
