import { Alert, Button, List, Progress, Stack, Text } from '@mantine/core';
import { BulkBar } from '../../../components/resourceList/BulkBar.tsx';
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
const ACTIONS: readonly BulkAction[] = ['sync', 'autoRenew'];

/** The footer of the list: the selected rows' actions, their progress while they run, and what came of them. */
export function BulkActionBar({ selectedCount, loadedCount, onSelectAll, progress, report, onRun, onDismiss }: BulkActionBarProps) {
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
      <BulkBar
        selectedCount={selectedCount} loadedCount={loadedCount} onSelectAll={onSelectAll} busy={busy}
        actions={ACTIONS.map((action) => (
          <Button key={action} size="xs" variant="default" disabled={busy} loading={progress?.action === action} onClick={() => onRun(action)}>
            {BULK_ACTION_LABELS[action]}
          </Button>
        ))}
        progress={progress && (
          <Stack gap={4} mt="sm">
            <Text size="sm">{`${RUNNING[progress.action]}: ${progress.done} of ${progress.total}`}</Text>
            <Progress value={(progress.done / progress.total) * 100} aria-label={`${RUNNING[progress.action]} progress`} animated />
          </Stack>
        )}
      />
    </Stack>
  );
}
