import { Badge, Group, Stack, Text } from '@mantine/core';
import type { DataSource, ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import { formatDateTime } from '../../../../components/dateFormat.ts';
import { PageSection } from '../../../../components/PageSection.tsx';

const OUTCOME: Record<DataSource['outcome'], { label: string; color: string }> = {
  answered: { label: 'Answered', color: 'teal' },
  unknown: { label: 'Unknown', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Not asked', color: 'gray' },
};

function SourceLine({ name, source }: { name: string; source: DataSource }) {
  const outcome = OUTCOME[source.outcome];
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text size="sm" fw={600}>{name}</Text>
        <Badge variant="light" color={outcome.color} tt="none">{outcome.label}</Badge>
        {source.askedAt && <Text size="xs" c="dimmed">asked {formatDateTime(source.askedAt)}</Text>}
      </Group>
      {source.reason && <Text size="xs" c="dimmed">{source.reason}</Text>}
    </Stack>
  );
}

/** Which source answered this read and when, and when the record was last verified and changed. */
export function DataSourcesCard({ local, supplier, whois }: { local: ManagedDomain; supplier: DataSource; whois: DataSource }) {
  return (
    <PageSection title="Data Sources">
      <SourceLine name={local.registrarName ? `Supplier (${local.registrarName})` : 'Supplier'} source={supplier} />
      <SourceLine name="WHOIS (RDAP, WHOIS fallback)" source={whois} />
      <Stack gap={2}>
        <Text size="sm"><Text span c="dimmed">Our database, last verified: </Text>{formatDateTime(local.lastVerifiedAt)}</Text>
        <Text size="sm"><Text span c="dimmed">Record last changed: </Text>{formatDateTime(local.recordUpdatedAt)}</Text>
        <Text size="sm"><Text span c="dimmed">Added: </Text>{formatDateTime(local.createdAt)}</Text>
      </Stack>
    </PageSection>
  );
}
