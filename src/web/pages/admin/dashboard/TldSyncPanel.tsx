import { Alert, Button, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { ADMIN_DASHBOARD_TEXTS } from '../../../../common/admin/dashboard/texts.ts';
import { useTldSync } from './useTldSync.ts';

/** Sync TLDs: re-reads every active supplier's TLD costs into the price table (the daily job does the same). */
export function TldSyncPanel() {
  const { run, running, progress, suppliers, error } = useTldSync();
  const failed = suppliers?.filter((s) => s.error) ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">TLD prices</Title>
            <Text size="sm" c="dimmed">Reads each active supplier&apos;s TLD costs now instead of waiting for the daily sync.</Text>
          </div>
          <Button onClick={run} loading={running}>Sync TLDs</Button>
        </Group>
        {progress !== null && (
          <Progress value={progress} animated={progress < 100} aria-label="TLD sync progress" aria-valuetext={`${progress} %`} />
        )}
        {error && <Alert color="red" role="alert" title={ADMIN_DASHBOARD_TEXTS.syncFailed}>{error}</Alert>}
        {suppliers && (
          <Alert color={failed.length ? 'yellow' : 'green'} role="status" title={ADMIN_DASHBOARD_TEXTS.syncCompleted}>
            {suppliers.length === 0 ? (
              <Text size="sm">No active supplier to sync.</Text>
            ) : (
              <List size="sm" spacing={2}>
                {suppliers.map((s) => (
                  <List.Item key={s.id}>
                    {s.name}: {s.error ? `failed: ${s.error}` : `${s.tldCount} ${s.tldCount === 1 ? 'TLD' : 'TLDs'}`}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
