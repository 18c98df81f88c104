import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { DomainSummary } from '../../../../common/domains/managementContract.ts';

const CARDS: { key: keyof DomainSummary; label: string; color?: string }[] = [
  { key: 'total', label: 'Total domains' },
  { key: 'active', label: 'Active', color: 'green.9' },
  { key: 'expiringSoon', label: 'Expiring soon', color: 'yellow.9' },
  { key: 'expired', label: 'Expired', color: 'red.9' },
];

/** Counts over all the account's domains, whatever the filters; skeletons of the same size while they load. */
export function DomainSummaryCards({ summary }: { summary: DomainSummary | null }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="section" aria-label="Summary">
      {CARDS.map((card) => (
        <Card key={card.key} withBorder radius="md" padding="md">
          <Text size="sm" c="dimmed">{card.label}</Text>
          {summary ? (
            <Text fz={28} fw={700} lh={1.2} c={card.color}>{summary[card.key].toLocaleString()}</Text>
          ) : <Skeleton height={34} width={64} mt={0} aria-hidden />}
        </Card>
      ))}
    </SimpleGrid>
  );
}
