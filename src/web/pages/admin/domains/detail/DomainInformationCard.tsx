import { Alert, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataSource, WhoisInfo } from '../../../../../common/admin/domainDetail/contract.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { PageSection } from '../../../../components/PageSection.tsx';
import { showDate } from './displayDate.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

/** What the registry (RDAP, WHOIS fallback) says of the domain, or why it says nothing. */
export function DomainInformationCard({ whois, source }: { whois: WhoisInfo | null; source: DataSource }) {
  return (
    <PageSection title="Domain Information">
      {whois ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Fact label="Registrar (registry's words)">{whois.registrar ?? DOMAIN_DETAIL_TEXTS.notAvailable}</Fact>
          <Fact label="Answered by">{whois.source === 'rdap' ? 'RDAP' : 'WHOIS (port 43)'}</Fact>
          <Fact label="Registered">{showDate(whois.registrationDate)}</Fact>
          <Fact label="Last changed at the registry">{showDate(whois.updatedDate)}</Fact>
          <Fact label="Expires">{showDate(whois.expiryAt)}</Fact>
          <Fact label="Contacts">
            {whois.redacted ? <Badge variant="light" color="gray" tt="none">Redacted for privacy</Badge> : 'Published'}
          </Fact>
          <Fact label="Registry status">
            {whois.status.length === 0 ? DOMAIN_DETAIL_TEXTS.notAvailable : (
              <Group gap={4}>{whois.status.map((s) => <Badge key={s} variant="outline" tt="none" size="sm">{s}</Badge>)}</Group>
            )}
          </Fact>
          <Fact label="Nameservers at the registry">{whois.nameservers.length ? whois.nameservers.join(', ') : DOMAIN_DETAIL_TEXTS.notAvailable}</Fact>
        </SimpleGrid>
      ) : (
        <Alert color="yellow" title="No WHOIS data">
          <Text size="sm">{DOMAIN_DETAIL_TEXTS.whoisMissing}</Text>
          {source.reason && <Text size="sm" mt={4}>{source.reason}</Text>}
        </Alert>
      )}
    </PageSection>
  );
}
