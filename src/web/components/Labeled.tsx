import { Code, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small dimmed caption over what it names: the back office's detail panels. */
export function Labeled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">{label}</Text>
      {children}
    </Stack>
  );
}

/**
 * Free JSON as text under its caption: React escapes it, so markup in a payload shows as
 * characters. Without a value it says `empty` when given.
 */
export function JsonBlock({ label, value, empty }: { label: string; value: unknown; empty?: string }) {
  return (
    <Labeled label={label}>
      {(value === null || value === undefined) && empty !== undefined
        ? <Text size="sm" c="dimmed">{empty}</Text>
        : <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{JSON.stringify(value, null, 2)}</Code>}
    </Labeled>
  );
}

/** One fact of a detail page; a missing one shows a dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>{children ?? '—'}</Text>
    </Stack>
  );
}
