import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FnOutput } from '../../../api/client.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { PanelCallsTable } from '../servers/PanelCallsTable.tsx';
import { OutcomeBadge } from './stepLabels.tsx';

type Attempt = FnOutput<'getProvisioningStep'>['attempts'][number];

/** One attempt: when it ran, how it ended, and every timed call it made to the panel. */
function AttemptCard({ attempt, number }: { attempt: Attempt; number: number }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Attempt ${number}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">Attempt {number}</Text>
          <OutcomeBadge outcome={attempt.outcome} />
          <Text size="sm" c="dimmed">
            started {formatDateTime(attempt.startedAt)}{attempt.finishedAt ? `, ended ${formatDateTime(attempt.finishedAt)}` : ''}
          </Text>
        </Group>
        {attempt.message && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{attempt.message}</Text>}
        {attempt.calls.length === 0 ? <Text size="sm" c="dimmed">No call reached the panel.</Text> : (
          <PanelCallsTable label={`Panel calls of attempt ${number}`} calls={attempt.calls} />
        )}
      </Stack>
    </Paper>
  );
}

/** The attempt log, first attempt first: what each try did on the panel, call by call. */
export function AttemptLog({ attempts }: { attempts: Attempt[] }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm" role="log" aria-label="Attempt log">
        <Title order={2} size="h4">Attempt log</Title>
        {attempts.length === 0
          ? <Text size="sm" c="dimmed">No attempt has run yet.</Text>
          : attempts.map((attempt, i) => <AttemptCard key={attempt.id} attempt={attempt} number={i + 1} />)}
      </Stack>
    </Paper>
  );
}
