import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read that failed: the page's sentence for it, and a way to try again without reloading. */
export function LoadFailedAlert({ children, onRetry }: { children: ReactNode; onRetry(): void }) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        <span>{children}</span>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>Retry</Button>
      </Group>
    </Alert>
  );
}
