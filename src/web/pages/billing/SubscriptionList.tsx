import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPrice } from '../../../common/billing/billing.ts';
import type { SubscriptionSummary } from '../../../common/billing/contract.ts';
import { SubscriptionStatusBadge } from '../../components/badges/BillingStatusBadges.tsx';
import { renewalText } from './renewalText.ts';

function PastDueAlert({ subscription, canEdit }: { subscription: SubscriptionSummary; canEdit: boolean }) {
  return (
    <Alert color="red" role="alert" title="Payment failed">
      The last payment for {subscription.productName} did not go through.{' '}
      {canEdit
        ? 'Update your card under Manage Payment Methods to keep the plan.'
        : 'An account owner or administrator can update the card under Manage Payment Methods.'}
    </Alert>
  );
}

/** The account's subscriptions: plan, state, price and when it renews or ends. */
export function SubscriptionList({ subscriptions, canEdit }: { subscriptions: SubscriptionSummary[]; canEdit: boolean }) {
  if (subscriptions.length === 0) return <Text size="sm" c="dimmed">No subscriptions yet.</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label="Subscriptions" style={{ listStyle: 'none' }}>
      {subscriptions.map((subscription) => (
        <li key={subscription.id}>
          <Stack gap="xs">
            {subscription.status === 'past_due' && <PastDueAlert subscription={subscription} canEdit={canEdit} />}
            <Paper withBorder p="sm" radius="md">
              <Group justify="space-between" gap="xs">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{subscription.productName}</Text>
                    <SubscriptionStatusBadge status={subscription.status} />
                  </Group>
                  {renewalText(subscription) && <Text size="sm" c="dimmed">{renewalText(subscription)}</Text>}
                </Stack>
                <Text fw={600}>{formatPrice(subscription)}</Text>
              </Group>
            </Paper>
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
