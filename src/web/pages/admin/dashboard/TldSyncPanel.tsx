import { Alert, Button, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { ADMIN_DASHBOARD_TEXTS } from '../../../../common/admin/dashboard/texts.ts';
import { REGISTRAR_TEXTS } from '../../../../common/admin/registrars/texts.ts';
import { type TldSyncAnswer, useTldSync } from './useTldSync.ts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function SyncResult({ answer }: { answer: TldSyncAnswer }) {
  const { summary, suppliers, errors } = answer;
  const entries = Object.entries(suppliers);
  return (
    <Alert color={errors.length ? 'yellow' : 'green'} role="status" title={answer.message}>
      {entries.length === 0 ? (
        <Text size="sm">No active supplier to sync.</Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            {summary.successfulSuppliers} of {plural(summary.totalSuppliers, 'supplier')} synced: {plural(summary.totalTlds, 'TLD')},{' '}
            {summary.newTlds} new, {summary.updatedTlds} updated.
          </Text>
          <List size="sm" spacing={2}>
            {entries.map(([id, s]) => (
              <List.Item key={id}>
                {s.status === 'failed'
                  ? `${REGISTRAR_TEXTS.syncFailedOne(s.name)}: ${s.error ?? ''}`
                  : `${s.name}: ${plural(s.tldCount, 'TLD')} (${s.newTlds} new, ${s.updatedTlds} updated)`}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Alert>
  );
}

/** Sync TLDs: re-reads every active supplier's TLD costs into the price table (the daily job does the same). */
export function TldSyncPanel() {
  const { run, running, progress, answer, error } = useTldSync();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">TLD prices</Title>
            <Text size="sm" c="dimmed">Reads each active supplier&apos;s TLD costs now instead of waiting for the daily sync. It can take a few minutes.</Text>
          </div>
          <Button onClick={run} loading={running}>Sync TLDs</Button>
        </Group>
        {progress !== null && (
          <Progress value={progress} animated={progress < 100} aria-label="TLD sync progress" aria-valuetext={`${progress} %`} />
        )}
        {running && <Text size="sm" role="status">{ADMIN_DASHBOARD_TEXTS.syncStarted}</Text>}
        {error && <Alert color="red" role="alert" title={ADMIN_DASHBOARD_TEXTS.syncFailed}>{REGISTRAR_TEXTS.tldSyncAlert} {error}</Alert>}
        {answer && <SyncResult answer={answer} />}
      </Stack>
    </Paper>
  );
}
