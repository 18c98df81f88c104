import { Badge, Group, Text } from '@mantine/core';
import { PageSection } from '../../../components/PageSection.tsx';

export function DomainNotes({ notes }: { notes: string | null }) {
  return (
    <PageSection title="Notes">
      {notes
        ? <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{notes}</Text>
        : <Text size="sm" c="dimmed">No notes on this domain.</Text>}
    </PageSection>
  );
}

/** DNS record management is not built yet (the spec marks it so); the nameservers are how DNS is set meanwhile. */
export function DnsRecordsComingSoon() {
  return (
    <PageSection title="DNS records">
      <Group gap="xs">
        <Badge variant="light" color="gray">Coming soon</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Managing DNS records here is coming soon. Until then, point the nameservers at the DNS provider that holds your records.
      </Text>
    </PageSection>
  );
}
