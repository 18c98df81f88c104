import { Anchor, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { FAILED_TO_LOAD_DELIVERY, FAILED_TO_RESEND } from '../../../../common/admin/deliveries/texts.ts';
import type { DeliveryDetails } from '../../../../common/admin/deliveries/contract.ts';
import { liveTopics } from '../../../../common/live.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { fnKey, useFn, useFnMutation } from '../../../api/hooks.ts';
import { useLiveTopic } from '../../../api/useLiveTopic.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { bodyText, DeliveryAttempts, HeaderList } from './DeliveryAttempts.tsx';
import { DeliveryStatusBadge } from './DeliveryStatusBadge.tsx';
import { Fact, Labeled } from '../../../components/Labeled.tsx';
import { DELIVERY_LOG_PATH, deliveriesPath } from './deliveryPaths.ts';
import { valueLabel } from '../../../components/labels.ts';


function ResendButton({ delivery }: { delivery: DeliveryDetails }) {
  const resend = useFnMutation('resendDelivery', ['getDelivery', 'listDeliveries']);
  const feedback = useFeedback();
  const submit = async () => {
    feedback.clear();
    try {
      feedback.success((await resend.mutateAsync({ deliveryId: delivery.id })).message);
    } catch (error) {
      feedback.failure(FAILED_TO_RESEND, error);
    }
  };
  return (
    <Stack gap="xs" align="flex-end" maw={420}>
      <Button onClick={submit} loading={resend.isPending} disabled={!delivery.resend.allowed}>Resend</Button>
      {delivery.resend.reason && <Text size="xs" c="dimmed" ta="right">{delivery.resend.reason}</Text>}
      <FeedbackAlert feedback={feedback} closable />
    </Stack>
  );
}

function Facts({ delivery }: { delivery: DeliveryDetails }) {
  const { event, webhook } = delivery;
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Fact label="Delivery ID (webhook-id)"><Code>{delivery.id}</Code></Fact>
        <Fact label="Attempts">{delivery.attempts} of {delivery.maxAttempts}</Fact>
        <Fact label="Last answer">
          {delivery.lastHttpStatus === null ? '—' : `HTTP ${delivery.lastHttpStatus}`}
          {delivery.lastResponseMs !== null && ` in ${delivery.lastResponseMs} ms`}
        </Fact>
        <Fact label={delivery.status === 'pending' ? 'Next attempt' : 'Completed'}>
          {formatDateTime(delivery.status === 'pending' ? delivery.nextAttemptAt : delivery.completedAt)}
        </Fact>
        <Fact label="Event">
          <Anchor component={Link} to={deliveriesPath({ eventId: delivery.eventId })}>{delivery.eventType}</Anchor>
          <Text size="xs" c="dimmed">{event ? `${valueLabel(event.severity)} · ${event.source} · ${formatDateTime(event.createdAt)}` : 'The event is no longer stored.'}</Text>
        </Fact>
        <Fact label="Webhook">
          <Anchor component={Link} to={deliveriesPath({ webhookId: delivery.webhookId })}>{webhook?.name ?? delivery.webhookId}</Anchor>
          <Text size="xs" c="dimmed">{webhook ? (webhook.isActive ? 'Active' : 'Inactive') : 'Deleted'}</Text>
        </Fact>
        <Fact label="Created">{formatDateTime(delivery.createdAt)}</Fact>
        <Fact label="Flow">{delivery.flowId ? <Code>{delivery.flowId}</Code> : '—'}</Fact>
      </SimpleGrid>
      {delivery.lastError && <Text mt="md" size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>Last error: {delivery.lastError}</Text>}
    </Paper>
  );
}

function Request({ delivery }: { delivery: DeliveryDetails }) {
  const last = delivery.attemptLog.at(-1);
  const url = last?.requestUrl ?? delivery.webhook?.url ?? null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">Request</Title>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code fw={700}>{delivery.webhook?.method ?? 'POST'}</Code>
          <Code style={{ overflowWrap: 'anywhere' }}>{url ?? 'The webhook was deleted.'}</Code>
        </Group>
        <Labeled label={`Headers${last ? ` (attempt ${last.attempt})` : ''}`}>
          {last ? <HeaderList headers={last.requestHeaders} /> : <Text size="sm" c="dimmed">Logged with each attempt; none yet.</Text>}
        </Labeled>
        <Labeled label="Body">
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 420, overflow: 'auto' }}>{bodyText(delivery.payload)}</Code>
        </Labeled>
      </Stack>
    </Paper>
  );
}

function Delivery({ deliveryId }: { deliveryId: string }) {
  const details = useFn('getDelivery', { deliveryId });
  useLiveTopic(details.isSuccess ? liveTopics.adminEvents() : null, fnKey('getDelivery', { deliveryId }));

  let body;
  if (details.isPending) {
    body = <Stack aria-busy aria-label="Loading delivery">{[80, 140, 200].map((h) => <Skeleton key={h} height={h} />)}</Stack>;
  } else if (details.isError) {
    body = <LoadFailedAlert onRetry={() => details.refetch()}>{failureText(FAILED_TO_LOAD_DELIVERY, details.error)}</LoadFailedAlert>;
  } else {
    const { delivery } = details.data;
    body = (
      <Stack gap="lg">
        <PageHeader
          title={delivery.eventType}
          badges={<DeliveryStatusBadge status={delivery.status} />}
          context={`To ${delivery.webhook?.name ?? 'a deleted webhook'}, created ${formatDateTime(delivery.createdAt)}.`}
          actions={<ResendButton delivery={delivery} />}
        />
        <Facts delivery={delivery} />
        <Request delivery={delivery} />
        <DeliveryAttempts delivery={delivery} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={DELIVERY_LOG_PATH} size="sm">← Deliveries</Anchor>
      {body}
    </Stack>
  );
}

/** /super-admin/events/deliveries/:deliveryId: one delivery's facts, request, attempts with their responses, and Resend. */
export default function DeliveryPage() {
  const { deliveryId = '' } = useParams();
  return <RequireSuperAdmin><Delivery key={deliveryId} deliveryId={deliveryId} /></RequireSuperAdmin>;
}
