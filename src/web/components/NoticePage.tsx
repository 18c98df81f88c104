import { Card, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader.tsx';

interface NoticePageProps {
  title: string;
  /** Why the page asked for is not shown. */
  context?: ReactNode;
  /** What the reason needs beyond one line (an error with its detail). */
  children?: ReactNode;
  /** The ways on: home, retry. */
  actions: ReactNode;
}

/** A page that stands in for the one asked for (not found, not allowed): one card with the page's h1, why, and the way on. */
export function NoticePage({ title, context, children, actions }: NoticePageProps) {
  return (
    <Card withBorder maw={520} mx="auto" mt="xl" p="lg">
      <Stack gap="sm">
        <PageHeader title={title} context={context} />
        {children}
        <Group gap="xs">{actions}</Group>
      </Stack>
    </Card>
  );
}
