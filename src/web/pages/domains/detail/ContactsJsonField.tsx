import { Textarea } from '@mantine/core';
import { CONTACTS_INVALID_JSON } from '../../../../common/domains/domains.ts';
import { type ContactsDraft, parseContactsDraft } from './contactsJson.ts';

/** The contacts as JSON (the spec's advanced editor), parsed on each input; invalid text is kept and said so. */
export function ContactsJsonField({ draft, onChange, autoFocus = false }: { draft: ContactsDraft; onChange(draft: ContactsDraft): void; autoFocus?: boolean }) {
  return (
    <Textarea
      label="Contacts JSON (advanced)"
      description="registrant, admin and tech (billing optional), each with name, email, phone (+1.5555550100), organization and address as one line: street, city, state, postal code, country (two letters). firstName, lastName, address1, address2, city, state, postalCode and country may be given instead of name and address."
      autosize
      minRows={12}
      maxRows={30}
      spellCheck={false}
      value={draft.text}
      onChange={(e) => onChange(parseContactsDraft(e.currentTarget.value))}
      error={draft.valid ? undefined : CONTACTS_INVALID_JSON}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
      data-autofocus={autoFocus || undefined}
    />
  );
}
