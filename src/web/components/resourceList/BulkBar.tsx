import { Checkbox, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface BulkBarProps {
  selectedCount: number;
  loadedCount: number;
  onSelectAll(selected: boolean): void;
  /** An action is running: the bar stays while it shows its progress. */
  busy: boolean;
  /** The buttons that act on the selected rows. */
  actions: ReactNode;
  /** The running action's progress, under the buttons. */
  progress?: ReactNode;
}

/**
 * The selected rows' actions, shown once a row is selected and kept in view at the bottom of the
 * screen while it has something to act on, so it never hides rows for nothing.
 */
export function BulkBar({ selectedCount, loadedCount, onSelectAll, busy, actions, progress }: BulkBarProps) {
  if (selectedCount === 0 && !busy) return null;
  return (
    <Paper withBorder p="sm" pos="sticky" bottom={0} shadow="md" style={{ zIndex: 2 }} component="section" aria-label="Bulk actions">
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
        <Group gap="xs">{actions}</Group>
      </Group>
      {progress}
    </Paper>
  );
}
