import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  /** Status badges beside the title (an order's status, test mode). */
  badges?: ReactNode;
  /** One line of context under the title. */
  context?: ReactNode;
  /** A way back above the title ("← Accounts"). */
  back?: ReactNode;
  /** The primary action (and its few companions), on the right; under the title on a phone. */
  actions?: ReactNode;
}

/**
 * The head of every page: title, one line of context, and the primary action on the right. On a
 * narrow screen the actions wrap under the title, and a long title or context breaks anywhere
 * rather than pushing the page sideways. A <header> inside the app's <main>: not a second banner.
 */
export function PageHeader({ title, badges, context, back, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap" component="header">
      <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
        {back}
        {badges ? (
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>{title}</Title>
            {badges}
          </Group>
        ) : <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>{title}</Title>}
        {context && <Text component="div" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{context}</Text>}
      </Stack>
      {actions && <Group gap="xs" wrap="wrap">{actions}</Group>}
    </Group>
  );
}
