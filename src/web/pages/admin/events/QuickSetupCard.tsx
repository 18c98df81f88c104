import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { QUICK_SETUP_TEXT, QUICK_SETUP_TITLE } from '../../../../common/admin/events/texts.ts';
import { QuickSetupFlowsButton } from '../flows/QuickSetupFlowsButton.tsx';

/** Spec: the Quick Setup Flows action, shown when webhooks exist but no flows (the Flow Designer's own button). */
export function QuickSetupCard() {
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={2} size="h4">{QUICK_SETUP_TITLE}</Title>
          <Text size="sm">{QUICK_SETUP_TEXT}</Text>
        </Stack>
        <QuickSetupFlowsButton variant="filled" />
      </Group>
    </Paper>
  );
}
