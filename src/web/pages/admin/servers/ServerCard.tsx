import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PANEL_NAMES } from '../../../../common/hosting/panels.ts';
import type { ServerView } from '../../../../common/hosting/serversContract.ts';
import type { FnOutput } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { PanelCallsTable } from './PanelCallsTable.tsx';

type TestAnswer = FnOutput<'testHostingServer'>;

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : 'Never');

function HealthBadge({ server }: { server: ServerView }) {
  const { health } = server;
  if (health.credentialsProblem) return <Badge color="red" variant="light">Credentials unreadable</Badge>;
  if (health.lastCheckOk === null) return <Badge color="gray" variant="light">Not checked</Badge>;
  return <Badge color={health.lastCheckOk ? 'green' : 'red'} variant="light">{health.lastCheckOk ? 'Healthy' : 'Failing'}</Badge>;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

/** One server's health card: the last check's facts, Test Connection and its timed call log. */
export function ServerCard({ server, onEdit, onDelete, onToggle, busy }: { server: ServerView; onEdit(): void; onDelete(): void; onToggle(): void; busy: boolean }) {
  const test = useFnMutation('testHostingServer', ['listHostingServers']);
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { health } = server;

  const run = () => {
    setAnswer(null);
    setError(null);
    test.mutate({ serverId: server.id }, {
      onSuccess: setAnswer,
      onError: (failure) => setError(failureText('Test Connection failed', failure)),
    });
  };

  const capacity = [
    server.maxAccounts === null ? 'no limit of ours' : `ours: ${server.maxAccounts}`,
    health.panelMaxAccounts === null ? 'licence: unlimited or not told' : `licence: ${health.panelMaxAccounts}`,
  ].join(', ');
  return (
    <Paper withBorder p="md" radius="md" aria-label={`Server ${server.name}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Group gap="xs">
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>{server.name}</Title>
              <HealthBadge server={server} />
              {!server.enabled && <Badge color="gray" variant="outline">Disabled</Badge>}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {PANEL_NAMES[server.panel]} · {server.scheme}://{server.host}:{server.port} · {server.groupName ?? 'No group'}
              {!server.verifyTls && ' · TLS not verified'}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="compact-sm" onClick={run} loading={test.isPending}>Test Connection</Button>
            <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={`Edit ${server.name}`}>Edit</Button>
            <Button size="compact-sm" variant="default" component={Link} to={`/super-admin/servers/${server.id}/import`} aria-label={`Import accounts from ${server.name}`}>
              Import accounts
            </Button>
            <Button size="compact-sm" variant="default" onClick={onToggle} loading={busy} aria-label={`${server.enabled ? 'Disable' : 'Enable'} ${server.name}`}>
              {server.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} disabled={busy} aria-label={`Delete ${server.name}`}>Delete</Button>
          </Group>
        </Group>
        {health.credentialsProblem && <Alert color="red" role="alert">{health.credentialsProblem}</Alert>}
        <Group gap="xl" wrap="wrap">
          <Fact label="Last check">{when(health.lastCheckAt)}</Fact>
          <Fact label="Latency">{health.latencyMs === null ? '—' : `${health.latencyMs} ms`}</Fact>
          <Fact label="Accounts on the panel">{health.panelAccounts ?? '—'}</Fact>
          <Fact label="Portal's accounts">{health.portalAccounts}</Fact>
          <Fact label="Capacity">{capacity}</Fact>
          <Fact label="Panel version">{health.panelVersion ?? '—'}</Fact>
        </Group>
        {health.lastError && <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>Last error: {health.lastError}</Text>}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {answer && (
          <Stack gap={6} role="log" aria-label={`Test log of ${server.name}`}>
            <Group gap="xs">
              <Badge color={answer.success ? 'green' : 'red'} variant="light">{answer.success ? 'Passed' : 'Failed'}</Badge>
              {answer.error && <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>{answer.error}</Text>}
            </Group>
            <PanelCallsTable label={`Calls of the test of ${server.name}`} calls={answer.calls} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
