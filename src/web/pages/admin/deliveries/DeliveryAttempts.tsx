import { Badge, Button, Code, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { RESPONSE_TRUNCATED } from '../../../../common/admin/deliveries/texts.ts';
import type { DeliveryAttemptView, DeliveryDetails } from '../../../../common/admin/deliveries/contract.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { Labeled } from '../../../components/Labeled.tsx';

export function HeaderList({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <Text size="sm" c="dimmed">None</Text>;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {entries.map(([name, value]) => `${name}: ${value}`).join('\n')}
    </Code>
  );
}

/** A body as JSON text when it is JSON (indented), otherwise as it came. */
export function bodyText(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function AttemptDetails({ attempt }: { attempt: DeliveryAttemptView }) {
  return (
    <Stack gap="sm" mt="xs">
      <Labeled label="Request URL"><Code style={{ overflowWrap: 'anywhere' }}>{attempt.requestUrl}</Code></Labeled>
      <Labeled label="Request headers"><HeaderList headers={attempt.requestHeaders} /></Labeled>
      <Labeled label="Response headers">
        {attempt.responseHeaders ? <HeaderList headers={attempt.responseHeaders} /> : <Text size="sm" c="dimmed">No response</Text>}
      </Labeled>
      <Labeled label="Response body">
        {attempt.responseBody ? (
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto' }}>{bodyText(attempt.responseBody)}</Code>
        ) : <Text size="sm" c="dimmed">Empty</Text>}
        {attempt.responseTruncated && <Text size="xs" c="orange.9">{RESPONSE_TRUNCATED}</Text>}
      </Labeled>
    </Stack>
  );
}

function AttemptItem({ attempt, open }: { attempt: DeliveryAttemptView; open: boolean }) {
  const [shown, setShown] = useState(open);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="sm">Attempt {attempt.attempt}</Text>
        <Badge variant="light" color={attempt.status === 'success' ? 'green' : 'red'}>{attempt.status === 'success' ? 'Success' : 'Failed'}</Badge>
        <Text size="sm">{attempt.httpStatus === null ? 'No HTTP answer' : `HTTP ${attempt.httpStatus}`}</Text>
        {attempt.responseMs !== null && <Text size="sm" c="dimmed">{attempt.responseMs} ms</Text>}
      </Group>
      <Text size="xs" c="dimmed">{formatDateTime(attempt.createdAt)}</Text>
      {attempt.error && <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>{attempt.error}</Text>}
      <Button variant="subtle" size="compact-sm" onClick={() => setShown((s) => !s)} style={{ alignSelf: 'flex-start' }} aria-expanded={shown}>
        {shown ? 'Hide request and response' : 'Show request and response'}
      </Button>
      {shown && <AttemptDetails attempt={attempt} />}
    </Stack>
  );
}

/** The attempts, oldest first; the newest opened, as it is the one an operator came to read. */
export function DeliveryAttempts({ delivery }: { delivery: DeliveryDetails }) {
  const log = delivery.attemptLog;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">Attempts</Title>
        {delivery.attemptsLogged > log.length && (
          <Text size="sm" c="dimmed">Showing the latest {log.length} of {delivery.attemptsLogged} attempts.</Text>
        )}
        {log.length === 0 ? (
          <Text size="sm" c="dimmed">
            {delivery.status === 'pending' && delivery.nextAttemptAt
              ? `No attempt yet: the first is due ${formatDateTime(delivery.nextAttemptAt)}.`
              : 'No attempt was logged for this delivery.'}
          </Text>
        ) : (
          <Timeline active={log.length - 1} bulletSize={14} lineWidth={2}>
            {log.map((attempt, i) => (
              <Timeline.Item key={attempt.id} color={attempt.status === 'success' ? 'green' : 'red'}>
                <AttemptItem attempt={attempt} open={i === log.length - 1} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
