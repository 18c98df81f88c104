import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { RECENT_EVENTS_HOURS } from '../../../../common/adminEventsTexts.ts';

const number = new Intl.NumberFormat('en-US');

export interface EventCounts {
  recentEvents: number;
  webhooks: number;
  activeWebhooks: number;
  flows: number;
  activeFlows: number;
  averageResponseMs: number;
}

function Counter({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>{label}</Text>
        <Text fz={28} fw={700} lh={1.1}>{value}</Text>
        <Text size="sm" c="dimmed">{detail}</Text>
      </Stack>
    </Paper>
  );
}

const grid = { base: 2, md: 4 } as const;

export function DashboardCountersSkeleton() {
  return (
    <SimpleGrid cols={grid} aria-busy aria-label="Loading counters">
      {[0, 1, 2, 3].map((i) => <Skeleton key={i} height={112} radius="md" />)}
    </SimpleGrid>
  );
}

/** Spec: recent events, webhooks, active and total flows, average response in ms. */
export function DashboardCounters({ counts }: { counts: EventCounts }) {
  return (
    <SimpleGrid cols={grid}>
      <Counter label="Recent events" value={number.format(counts.recentEvents)} detail={`In the last ${RECENT_EVENTS_HOURS} hours`} />
      <Counter label="Webhooks" value={number.format(counts.webhooks)} detail={`${number.format(counts.activeWebhooks)} active`} />
      <Counter label="Flows" value={`${number.format(counts.activeFlows)} / ${number.format(counts.flows)}`} detail="Active / total" />
      <Counter label="Average response" value={`${number.format(counts.averageResponseMs)} ms`} detail="Mean of every delivery attempt" />
    </SimpleGrid>
  );
}
