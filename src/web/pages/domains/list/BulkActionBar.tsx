import { Alert, Button, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { outcomeHeadline } from './bulkRun.ts';
import { BULK_ACTION_LABELS, type BulkAction, type BulkProgress, type BulkReport } from './useBulkActions.ts';

interface BulkActionBarProps {
  selectedCount: number;
  progress: BulkProgress | null;
  report: BulkReport | null;
  onRun(action: BulkAction): void;
  onDismiss(): void;
}

const RUNNING: Record<BulkAction, string> = { sync: 'Syncing WHOIS', autoRenew: 'Enabling auto-renew' };

/** The footer of the list: the selected rows' actions, their progress while they run, and what came of them. */
export function BulkActionBar({ selectedCount, progress, report, onRun, onDismiss }: BulkActionBarProps) {
  const busy = progress !== null;
  return (
    <Stack gap="sm">
      {report && (
        <Alert
          color={report.outcome.failed.length === 0 ? 'green' : 'red'}
          role={report.outcome.failed.length === 0 ? 'status' : 'alert'}
          title={`${BULK_ACTION_LABELS[report.action]}: ${outcomeHeadline(report.outcome)}`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={onDismiss}
        >
          {report.outcome.failed.length > 0 && (
            <Stack gap={4}>
              <Text size="sm">These did not go through (they stay selected, to try again):</Text>
              <List size="sm" spacing={2}>
                {report.outcome.failed.map((f) => (
                  <List.Item key={f.domain} style={{ overflowWrap: 'anywhere' }}><strong>{f.domain}</strong>: {f.reason}</List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Alert>
      )}
      <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }} component="section" aria-label="Bulk actions">
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={600} aria-live="polite">{selectedCount === 1 ? '1 domain selected' : `${selectedCount} domains selected`}</Text>
          <Group gap="xs">
            <Button variant="default" disabled={selectedCount === 0 || busy} loading={progress?.action === 'sync'} onClick={() => onRun('sync')}>
              {BULK_ACTION_LABELS.sync}
            </Button>
            <Button variant="default" disabled={selectedCount === 0 || busy} loading={progress?.action === 'autoRenew'} onClick={() => onRun('autoRenew')}>
              {BULK_ACTION_LABELS.autoRenew}
            </Button>
          </Group>
        </Group>
        {progress && (
          <Stack gap={4} mt="sm">
            <Text size="sm">{`${RUNNING[progress.action]}: ${progress.done} of ${progress.total}`}</Text>
            <Progress value={(progress.done / progress.total) * 100} aria-label={`${RUNNING[progress.action]} progress`} animated />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
