import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** What the list would hold (the spec's text where it has one). */
  title: string;
  /** One line on how rows get here. */
  hint?: string;
  /** The next step: the button that creates the first row, or leads to where rows come from. */
  actions?: ReactNode;
}

/** A list with nothing to show: what it would hold and what to do next. */
export function EmptyState({ title, hint, actions }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600} role="status">{title}</Text>
        {hint && <Text size="sm" c="dimmed" maw={520}>{hint}</Text>}
        {actions && <Group gap="xs" justify="center" mt="xs">{actions}</Group>}
      </Stack>
    </Paper>
  );
}
