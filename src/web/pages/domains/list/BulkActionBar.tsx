import { Alert, Button, Checkbox, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { outcomeHeadline } from './bulkRun.ts';
import { BULK_ACTION_LABELS, type BulkAction, type BulkProgress, type BulkReport } from './useBulkActions.ts';

interface BulkActionBarProps {
  selectedCount: number;
  loadedCount: number;
  onSelectAll(selected: boolean): void;
  progress: BulkProgress | null;
  report: BulkReport | null;
  onRun(action: BulkAction): void;
  onDismiss(): void;
}

const RUNNING: Record<BulkAction, string> = { sync: 'Syncing WHOIS', autoRenew: 'Enabling auto-renew' };

/** The footer of the list: the selected rows' actions, their progress while they run, and what came of them. */
export function BulkActionBar({ selectedCount, loadedCount, onSelectAll, progress, report, onRun, onDismiss }: BulkActionBarProps) {
  const busy = progress !== null;
  // It follows the scroll only while it has something to act on, so it never hides rows for nothing.
  const sticky = selectedCount > 0 || busy;
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
      <Paper withBorder p="sm" pos={sticky ? 'sticky' : undefined} bottom={0} shadow={sticky ? 'md' : undefined} style={{ zIndex: 2 }} component="section" aria-label="Bulk actions">
        <Group justify="space-between" gap="xs">
          <Group gap="sm">
            {/* The table's header, with its select-all box, is hidden on a phone. */}
            <Checkbox
              hiddenFrom="md"
              aria-label="Select all loaded"
              checked={loadedCount > 0 && selectedCount === loadedCount}
              indeterminate={selectedCount > 0 && selectedCount < loadedCount}
              onChange={(e) => onSelectAll(e.currentTarget.checked)}
            />
            <Text size="sm" fw={600} aria-live="polite">{`${selectedCount} selected`}</Text>
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="default" disabled={selectedCount === 0 || busy} loading={progress?.action === 'sync'} onClick={() => onRun('sync')}>
              {BULK_ACTION_LABELS.sync}
            </Button>
            <Button size="xs" variant="default" disabled={selectedCount === 0 || busy} loading={progress?.action === 'autoRenew'} onClick={() => onRun('autoRenew')}>
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
