import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';

export interface StatCardData {
  label: string;
  value: string;
  detail: string;
}

/** Two a row on a phone, four on a desktop: the back office's counters. */
const grid = { base: 2, md: 4 } as const;

export const formatCount = (n: number) => new Intl.NumberFormat('en-US').format(n);

export function StatCardGrid({ cards }: { cards: StatCardData[] }) {
  return (
    <SimpleGrid cols={grid}>
      {cards.map(({ label, value, detail }) => (
        <Paper key={label} withBorder p="md" radius="md">
          <Stack gap={4}>
            <Text size="sm" c="dimmed" fw={600}>{label}</Text>
            <Text fz={28} fw={700} lh={1.1}>{value}</Text>
            <Text size="sm" c="dimmed">{detail}</Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function StatCardGridSkeleton({ label, count = 4 }: { label: string; count?: number }) {
  return (
    <SimpleGrid cols={grid} aria-busy aria-label={label}>
      {Array.from({ length: count }, (_, i) => <Skeleton key={i} height={112} radius="md" />)}
    </SimpleGrid>
  );
}
