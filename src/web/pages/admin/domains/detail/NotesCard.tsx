import { Textarea } from '@mantine/core';
import { NOTES_MAX } from '../../../../../common/admin/domainDetail/texts.ts';
import { PageSection } from '../../../../components/PageSection.tsx';
import type { DomainDraft } from './domainDraft.ts';

/** Operators' notes on the domain, saved with Save Changes. */
export function NotesCard({ draft, onChange }: { draft: DomainDraft; onChange(draft: DomainDraft): void }) {
  return (
    <PageSection title="Notes">
      <Textarea
        label="Notes"
        description="Seen by operators only."
        autosize
        minRows={3}
        maxRows={12}
        maxLength={NOTES_MAX}
        value={draft.notes}
        onChange={(e) => onChange({ ...draft, notes: e.currentTarget.value })}
      />
    </PageSection>
  );
}
