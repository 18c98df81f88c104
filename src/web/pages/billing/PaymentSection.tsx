import { Alert, Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { BILLING_NOT_ACTIVATED } from '../../../common/billing/texts.ts';
import type { SubscriptionSummary } from '../../../common/billing/contract.ts';
import { callFunction } from '../../api/client.ts';
import { billingPortalFailedText } from '../../api/errorTexts.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { SubscriptionList } from './SubscriptionList.tsx';

interface PaymentSectionProps {
  accountId: string;
  customerId: string;
  canEdit: boolean;
  subscriptions: SubscriptionSummary[];
}

/** Opens the payment provider's customer portal (card, cancel, resume); the browser leaves for it. */
function ManagePaymentMethods({ accountId }: { accountId: string }) {
  const [opening, setOpening] = useState(false);
  const feedback = useFeedback();
  const open = async () => {
    feedback.clear();
    setOpening(true);
    try {
      const { url } = await callFunction('createAccountStripePortalLink', { accountId });
      window.location.assign(url);
    } catch (error) {
      setOpening(false);
      feedback.error(billingPortalFailedText(error));
    }
  };
  return (
    <Stack gap="xs">
      <Group><Button onClick={open} loading={opening}>Manage Payment Methods</Button></Group>
      <FeedbackAlert feedback={feedback} />
    </Stack>
  );
}

/** 'Payment Methods & Subscriptions', for an account that has a payment customer. */
export function PaymentSection({ accountId, customerId, canEdit, subscriptions }: PaymentSectionProps) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Payment customer ID: <Code style={{ overflowWrap: 'anywhere' }}>{customerId}</Code>
      </Text>
      {canEdit && <ManagePaymentMethods accountId={accountId} />}
      <SubscriptionList subscriptions={subscriptions} canEdit={canEdit} />
    </Stack>
  );
}

/** An admin of an account that never subscribed: the way to start. */
export function BillingNotActivated() {
  return (
    <Alert color="blue">
      {BILLING_NOT_ACTIVATED}{' '}
      <Anchor component={Link} to="/services/hosting">See the hosting plans</Anchor>
    </Alert>
  );
}
