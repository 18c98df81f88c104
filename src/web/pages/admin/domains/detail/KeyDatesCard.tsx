import { SimpleGrid, Text, TextInput } from '@mantine/core';
import type { ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import { PageSection } from '../../../../components/PageSection.tsx';
import { showDate } from './displayDate.ts';
import type { DomainDraft } from './domainDraft.ts';

type DateField = 'registrationDate' | 'updatedDate' | 'expiryAt';
const DATES: { field: DateField; label: string }[] = [
  { field: 'registrationDate', label: 'Registration date' },
  { field: 'updatedDate', label: 'Updated date' },
  { field: 'expiryAt', label: 'Expiry date' },
];

/** The three dates as UTC days; emptied, a date is cleared on save. */
export function KeyDatesCard({ local, draft, onChange }: { local: ManagedDomain; draft: DomainDraft; onChange(draft: DomainDraft): void }) {
  return (
    <PageSection title="Key Dates">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {DATES.map(({ field, label }) => (
          <TextInput
            key={field}
            type="date"
            label={label}
            description={`Saved: ${showDate(local[field])}`}
            value={draft[field]}
            onChange={(e) => onChange({ ...draft, [field]: e.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">Dates are days in UTC. Save Changes writes our record only; the registrar is not changed.</Text>
    </PageSection>
  );
}
