import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a page, announced to screen readers as a region named by its title. */
export function PageSection({ title, children, gap = 'md' }: { title: string; children: ReactNode; gap?: 'sm' | 'md' }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap={gap}>
        <Title order={2} size="h4">{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}
