import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QUICK_SETUP_TEXT, QUICK_SETUP_TITLE } from '../../../../common/adminEventsTexts.ts';

/**
 * Spec: the Quick Setup Flows action, shown when webhooks exist but no flows. The action itself
 * belongs to the flows area (setupQuickFlows): pass its button as `action`; without one the card
 * leads to the Flow Designer, where the same set-up is offered.
 */
export function QuickSetupCard({ action }: { action?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={2} size="h4">{QUICK_SETUP_TITLE}</Title>
          <Text size="sm">{QUICK_SETUP_TEXT}</Text>
        </Stack>
        {action ?? <Button component={Link} to="/super-admin/events/flows">{QUICK_SETUP_TITLE}</Button>}
      </Group>
    </Paper>
  );
}
