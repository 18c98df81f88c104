import { Alert, Anchor, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  SEND_FAILED, TEST_EVENT_SOURCE, TEST_EVENT_TEMPLATE_KEYS, TEST_EVENT_TEMPLATES, TEST_FAILED, TEST_RESULTS_MAX, type TestEventTemplate,
} from '../../../../common/admin/events/texts.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { type TestResult, useTestResults } from './useTestResults.ts';
import { JsonBlock } from '../../../components/Labeled.tsx';
import { deliveriesPath } from '../deliveries/deliveryPaths.ts';

const wrap = { overflowWrap: 'anywhere' } as const;
const TEMPLATE_OPTIONS = TEST_EVENT_TEMPLATE_KEYS.map((value) => ({ value, label: TEST_EVENT_TEMPLATES[value].label }));

function Preview({ template }: { template: TestEventTemplate }) {
  const { eventType, payload } = TEST_EVENT_TEMPLATES[template];
  return <JsonBlock label="Payload preview" value={{ eventType, severity: 'info', source: TEST_EVENT_SOURCE, payload }} />;
}

function ResultLine({ result }: { result: TestResult }) {
  const { label, eventType } = TEST_EVENT_TEMPLATES[result.template];
  const { outcome } = result;
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={8} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>{label} <Code>{eventType}</Code></Text>
        {outcome.ok
          ? (
            <Text size="xs" c="dimmed" style={wrap}>
              Event{' '}
              <Anchor component={Link} to={deliveriesPath({ eventId: outcome.eventId })} size="xs">{outcome.eventId}</Anchor>
              {' '}· <RelativeTime value={result.at} />
            </Text>
          )
          : <Text size="xs" c="red.8" style={wrap}>{SEND_FAILED}: {outcome.error} · <RelativeTime value={result.at} /></Text>}
      </Stack>
      {outcome.ok
        ? <Badge variant="light" color={outcome.flowsMatched > 0 ? 'green' : 'gray'} style={{ flexShrink: 0 }}>{outcome.flowsMatched} {outcome.flowsMatched === 1 ? 'flow' : 'flows'}</Badge>
        : <Badge variant="light" color="red" style={{ flexShrink: 0 }}>Failed</Badge>}
    </Group>
  );
}

function TestSender() {
  const [template, setTemplate] = useState<TestEventTemplate>(TEST_EVENT_TEMPLATE_KEYS[0]);
  const [failedAll, setFailedAll] = useState(false);
  const sender = useTestResults();
  const noFlowMatched = sender.results.length > 0 && sender.results.every((r) => r.outcome.ok && r.outcome.flowsMatched === 0);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Test Events" context={`Sends a real event (source ${TEST_EVENT_SOURCE}, severity info) that your flows deliver like any other.`}
        actions={<Button variant="default" component={Link} to="/super-admin/events">Events dashboard</Button>}
      />

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={600} id="template-label">Template</Text>
            <Group gap="xs" role="group" aria-labelledby="template-label">
              {TEMPLATE_OPTIONS.map((option) => (
                <Button
                  key={option.value} variant={option.value === template ? 'filled' : 'default'} aria-pressed={option.value === template}
                  onClick={() => setTemplate(option.value)}
                >
                  {option.label}
                </Button>
              ))}
            </Group>
          </Stack>
          <Preview template={template} />
          <Group gap="xs">
            <Button loading={sender.busy === template} disabled={sender.busy !== null} onClick={() => { setFailedAll(false); void sender.send(template); }}>
              Send
            </Button>
            <Button
              variant="default" loading={sender.busy === 'all'} disabled={sender.busy !== null}
              onClick={async () => { setFailedAll((await sender.sendAll()) > 0); }}
            >
              Send all
            </Button>
          </Group>
        </Stack>
      </Paper>

      {failedAll && <Alert color="red" role="alert">{TEST_FAILED}</Alert>}

      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">Results</Title>
            <Button size="xs" variant="subtle" onClick={() => { sender.clear(); setFailedAll(false); }} disabled={sender.results.length === 0}>Clear</Button>
          </Group>
          {sender.results.length === 0
            ? <Text size="sm" c="dimmed">No test sent yet. Pick a template and press Send; the last {TEST_RESULTS_MAX} results are kept here.</Text>
            : sender.results.map((r) => <ResultLine key={r.key} result={r} />)}
          {noFlowMatched && (
            <Text size="sm" c="dimmed">
              No active flow matched. <Anchor component={Link} to="/super-admin/events/flows" size="sm">Create a flow</Anchor> to deliver these events to a webhook.
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** /super-admin/events/test: the four templates, a preview, send one or all, the last 10 results. */
export default function TestEventsPage() {
  return <RequireSuperAdmin><TestSender /></RequireSuperAdmin>;
}
