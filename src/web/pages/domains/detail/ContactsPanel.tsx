import { Alert, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DomainContactsInput, DomainContactsView, DomainContactView } from '../../../../common/domains/contacts.ts';
import type { DomainDetail } from '../../../../common/domains/managementContract.ts';
import { CONTACTS_SAVE_FAILED } from '../../../../common/domains/domains.ts';
import { FunctionCallError } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { PageSection } from '../../../components/PageSection.tsx';
import { type ContactsDraft, contactIssues, contactsText, type IssueLike, parseContactsDraft } from './contactsJson.ts';
import { ContactsForm } from './ContactsForm.tsx';
import { ContactsJsonField } from './ContactsJsonField.tsx';
import { CONTACT_ROLES, ROLE_LABELS } from './contactsForm.ts';
import { useDomainWrite } from './useDomainWrite.ts';

interface SaveError {
  text: string;
  issues: IssueLike[];
}

/** One role as read: the spec's name, organization, e-mail, phone and one-line address. */
function ContactCard({ label, contact }: { label: string; contact: DomainContactView }) {
  return (
    <Stack gap={2} miw={0} aria-label={label} role="group">
      <Text size="sm" fw={600}>{label}</Text>
      <Text size="sm">{contact.name}</Text>
      {contact.organization && <Text size="sm">{contact.organization}</Text>}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{contact.email}</Text>
      <Text size="sm">{contact.phone}</Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{contact.address}</Text>
    </Stack>
  );
}

function ContactsSummary({ contacts }: { contacts: DomainContactsView }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {CONTACT_ROLES.map((role) => <ContactCard key={role} label={ROLE_LABELS[role]} contact={contacts[role]} />)}
    </SimpleGrid>
  );
}

/**
 * The registrant, admin and tech contacts (spec §2): read, Edit contacts in a form, or Edit as
 * JSON, the advanced view: a textarea parsed on each input, invalid JSON kept as typed. Either
 * saves through updateDomainContacts, which checks each field.
 */
export function ContactsPanel({ detail }: { detail: DomainDetail }) {
  const [formOpen, setFormOpen] = useState(false);
  const [draft, setDraft] = useState<ContactsDraft | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const save = useDomainWrite('updateDomainContacts', detail.domain);

  const openForm = () => {
    setSaved(null);
    setFormOpen(true);
  };
  const startEditing = () => {
    setSaved(null);
    setSaveError(null);
    setDraft(parseContactsDraft(contactsText(detail.contacts)));
  };
  const cancel = () => {
    setSaveError(null);
    setDraft(null);
  };
  const onSave = () => {
    if (!draft?.valid) return;
    setSaveError(null);
    // The server is the judge of the shape; whatever it refuses comes back with the field's path.
    save.mutate({ contacts: draft.value as DomainContactsInput }, {
      onSuccess: ({ message }) => {
        setDraft(null);
        setSaved(message);
      },
      onError: (error) => setSaveError({
        text: failureText(CONTACTS_SAVE_FAILED, error),
        issues: error instanceof FunctionCallError ? contactIssues(error.details) : [],
      }),
    });
  };

  return (
    <PageSection title="Contacts">
      {formOpen ? (
        <ContactsForm
          save={save}
          held={detail.contacts}
          onCancel={() => setFormOpen(false)}
          onSaved={(message) => {
            setFormOpen(false);
            setSaved(message);
          }}
        />
      ) : draft === null ? (
        <Stack gap="sm">
          {detail.contacts
            ? <ContactsSummary contacts={detail.contacts} />
            : <Text size="sm" c="dimmed">No contacts on record. Sync the domain to read them from the registrar, or enter them.</Text>}
          <Group>
            <Button variant="default" size="xs" onClick={openForm}>Edit contacts</Button>
            <Button variant="subtle" size="xs" onClick={startEditing}>Edit as JSON</Button>
          </Group>
          {saved && <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setSaved(null)}>{saved}</Alert>}
        </Stack>
      ) : (
        <Stack gap="sm">
          <ContactsJsonField draft={draft} onChange={setDraft} autoFocus />
          {saveError && (
            <Alert color="red" role="alert">
              <Text size="sm">{saveError.text}</Text>
              {saveError.issues.length > 1 && (
                <List size="sm" mt={4}>
                  {saveError.issues.map((issue) => <List.Item key={`${issue.path}:${issue.message}`}>{issue.path ? `${issue.path}: ` : ''}{issue.message}</List.Item>)}
                </List>
              )}
              {saveError.issues.length === 1 && saveError.issues[0].path && <Text size="sm" mt={4}>{`Field: ${saveError.issues[0].path}`}</Text>}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>Cancel</Button>
            <Button onClick={onSave} loading={save.isPending} disabled={!draft.valid}>Save contacts</Button>
          </Group>
        </Stack>
      )}
    </PageSection>
  );
}
