import { Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatAmount, formatPrice } from '../../../common/billing/billing.ts';
import { TEST_SESSION_NOT_FOUND } from '../../../common/testPayments/contract.ts';
import { callFunction, type FnOutput } from '../../api/client.ts';
import { isSessionGone, TEST_PAGE_LOAD_FAILED } from '../../api/errorTexts.ts';
import { useFn } from '../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { type TestCard, TestCardForm } from './TestCardForm.tsx';
import { SessionGone, TestModeFrame } from './TestModeFrame.tsx';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';

type Session = FnOutput<'getTestCheckout'>['session'];

const ENDED: Record<Exclude<Session['status'], 'open'>, string> = {
  complete: 'This checkout is already complete. Your plan is on the Billing page.',
  expired: 'This checkout has expired. Start again from the plans.',
};

function Summary({ session }: { session: Session }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Order summary">
      <Stack gap="sm">
        <Title order={2} size="h4">Order summary</Title>
        <Text size="sm">Account: <Text span fw={600}>{session.accountName}</Text></Text>
        {session.customerEmail && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>Billed to: {session.customerEmail}</Text>}
        <Divider />
        {session.lines.map((line) => (
          <Group key={line.description} justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{line.description}{line.quantity > 1 ? ` × ${line.quantity}` : ''}</Text>
            <Text style={{ whiteSpace: 'nowrap' }}>{formatPrice(line)}</Text>
          </Group>
        ))}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Total due today</Text>
          <Text fw={700} data-testid="checkout-total">{formatAmount(session.amountTotal, session.currency)}</Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The open session: its summary, and the card form that pays it or the button that leaves it. */
function OpenCheckout({ session }: { session: Session }) {
  const [leaving, setLeaving] = useState(false);
  const cancelFeedback = useFeedback();

  const pay = async (card: TestCard) => {
    const { redirectUrl } = await callFunction('payTestCheckout', { ...card, sessionId: session.id });
    setLeaving(true);
    window.location.assign(redirectUrl);
  };
  const cancel = async () => {
    cancelFeedback.clear();
    setLeaving(true);
    try {
      const { redirectUrl } = await callFunction('cancelTestCheckout', { sessionId: session.id });
      window.location.assign(redirectUrl);
    } catch (error) {
      setLeaving(false);
      cancelFeedback.failure('Could not cancel', error);
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Summary session={session} />
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Payment">
        <Stack gap="sm">
          <Title order={2} size="h4">Pay with card</Title>
          <TestCardForm
            submitLabel={session.mode === 'subscription' ? 'Subscribe' : `Pay ${formatAmount(session.amountTotal, session.currency)}`}
            onSubmit={pay}
            disabled={leaving}
            extraAction={<Button variant="default" onClick={cancel} disabled={leaving}>Cancel</Button>}
          />
          <FeedbackAlert feedback={cancelFeedback} />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

/** /test-mode/checkout/:sessionId: the test provider's hosted checkout. */
export default function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useFn('getTestCheckout', { sessionId }, { retry: false, refetchOnWindowFocus: false });

  let body;
  if (checkout.isPending) {
    body = <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy aria-label="Loading checkout"><Skeleton height={240} /><Skeleton height={320} /></SimpleGrid>;
  } else if (checkout.isError) {
    body = isSessionGone(checkout.error) ? <SessionGone text={TEST_SESSION_NOT_FOUND} /> : (
      <LoadFailedAlert onRetry={() => checkout.refetch()}>{TEST_PAGE_LOAD_FAILED}</LoadFailedAlert>
    );
  } else {
    const { session } = checkout.data;
    body = session.status === 'open' ? <OpenCheckout session={session} /> : <SessionGone text={ENDED[session.status]} />;
  }
  return <TestModeFrame title="Checkout">{body}</TestModeFrame>;
}
