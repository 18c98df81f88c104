import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  FAILED_TO_REPLAY, REPLAY_MAX_DAYS, REPLAY_MAX_DELIVERIES, SELECT_REPLAY_SINCE, SELECT_WEBHOOK_TO_REPLAY,
} from '../../../../common/admin/deliveries/texts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';

const DAY_MS = 24 * 3600 * 1000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * "Replay failed": a webhook and a day, a confirmation naming both, then the count the server
 * queued again. The day bounds mirror the server's (it decides; the picker only saves a round trip).
 */
export function ReplayFailedButton({ initialWebhookId }: { initialWebhookId: string }) {
  const [opened, setOpened] = useState(false);
  const [webhookId, setWebhookId] = useState<string | null>(initialWebhookId || null);
  const [since, setSince] = useState(() => utcDay(Date.now() - DAY_MS));
  const [confirming, setConfirming] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const webhooks = useFn('listWebhooks', {});
  const replay = useFnMutation('replayFailedDeliveries', ['listDeliveries']);
  const feedback = useFeedback();
  const options = (webhooks.data?.webhooks ?? []).map((w) => ({ value: w.webhookId, label: w.isActive ? w.name : `${w.name} (inactive)`, disabled: !w.isActive }));
  const chosen = webhooks.data?.webhooks.find((w) => w.webhookId === webhookId);

  const close = () => {
    setOpened(false);
    setConfirming(false);
    setFieldError(null);
  };
  const review = () => {
    feedback.clear();
    if (!webhookId) return setFieldError(SELECT_WEBHOOK_TO_REPLAY);
    if (!since) return setFieldError(SELECT_REPLAY_SINCE);
    setFieldError(null);
    return setConfirming(true);
  };
  const send = async () => {
    setConfirming(false);
    try {
      const result = await replay.mutateAsync({ webhookId: webhookId!, since });
      feedback.success(result.message);
    } catch (error) {
      feedback.failure(FAILED_TO_REPLAY, error);
    }
  };

  return (
    <>
      <Button variant="default" onClick={() => { feedback.clear(); setOpened(true); }}>Replay failed</Button>
      <Modal opened={opened} onClose={close} title="Replay failed deliveries" centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Queues again every failed delivery of one webhook created since a day (UTC), each with its own webhook-id, at most{' '}
            {REPLAY_MAX_DELIVERIES.toLocaleString()} at once and at most {REPLAY_MAX_DAYS} days back.
          </Text>
          <Select
            label="Webhook" placeholder={webhooks.isPending ? 'Loading webhooks…' : 'Choose a webhook'} data={options} value={webhookId}
            onChange={(v) => { setWebhookId(v); setConfirming(false); }} searchable
            error={webhooks.isError ? 'Failed to load webhooks' : undefined}
          />
          <TextInput
            label="Failed since (UTC day)" type="date" value={since} onChange={(e) => { setSince(e.currentTarget.value); setConfirming(false); }}
            min={utcDay(Date.now() - REPLAY_MAX_DAYS * DAY_MS)} max={utcDay(Date.now())}
          />
          {fieldError && <Text size="sm" c="red" role="alert">{fieldError}</Text>}
          {confirming && chosen ? (
            <Stack gap="xs">
              <Text size="sm" fw={600}>Queue again every failed delivery of “{chosen.name}” created since {since}?</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>Back</Button>
                <Button color="red" onClick={send} loading={replay.isPending}>Replay</Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>Close</Button>
              <Button onClick={review} loading={replay.isPending}>Replay…</Button>
            </Group>
          )}
          <FeedbackAlert feedback={feedback} />
        </Stack>
      </Modal>
    </>
  );
}
