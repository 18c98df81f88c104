import { DataList } from '@mantine/core';
import type { DomainDetail } from '../../../../common/domains/managementContract.ts';
import { formatDate, formatDateTime } from '../../../components/dateFormat.ts';
import { PageSection } from '../../../components/PageSection.tsx';

/** Dates and where the domain is held; any date missing reads 'N/A'. */
export function DomainFacts({ detail }: { detail: DomainDetail }) {
  const facts: [string, string][] = [
    ['Registered', formatDate(detail.registrationDate)],
    ['Expires', formatDate(detail.expirationDate)],
    ['Registrar', detail.registrar ?? 'N/A'],
    ['Added to account', formatDate(detail.createdAt)],
    ['Last updated', formatDateTime(detail.updatedDate)],
    ['Last synced', detail.lastSyncedAt ? formatDateTime(detail.lastSyncedAt) : 'Never'],
  ];
  return (
    <PageSection title="Registration">
      <DataList labelWidth={140} withDivider>
        {facts.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </PageSection>
  );
}
