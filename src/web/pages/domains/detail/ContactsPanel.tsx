import { Alert, Button, Code, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { DomainContactsView, DomainDetail } from '../../../../common/domains/managementContract.ts';
import { CONTACTS_INVALID_JSON, CONTACTS_SAVE_FAILED } from '../../../../common/domains/domains.ts';
import { FunctionCallError } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { PageSection } from '../../../components/PageSection.tsx';
import { type ContactsDraft, contactIssues, contactsText, type IssueLike, parseContactsDraft } from './contactsJson.ts';
import { useDomainWrite } from './useDomainWrite.ts';

interface SaveError {
  text: string;
  issues: IssueLike[];
}

/**
 * The registrant, admin and tech contacts as JSON (spec §2): view, Edit into a textarea parsed on
 * each input, Save through updateDomainContacts (the server validates each field), Cancel.
 */
export function ContactsPanel({ detail }: { detail: DomainDetail }) {
  const [draft, setDraft] = useState<ContactsDraft | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const save = useDomainWrite('updateDomainContacts', detail.domain);

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
    save.mutate({ contacts: draft.value as DomainContactsView }, {
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
      {draft === null ? (
        <Stack gap="sm">
          {detail.contacts
            ? <Code block tabIndex={0} style={{ maxHeight: 420, overflow: 'auto' }}>{contactsText(detail.contacts)}</Code>
            : <Text size="sm" c="dimmed">No contacts on record. Sync the domain to read them from the registrar, or enter them.</Text>}
          <Group><Button variant="default" size="xs" onClick={startEditing}>Edit contacts</Button></Group>
          {saved && <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setSaved(null)}>{saved}</Alert>}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Textarea
            label="Contacts JSON"
            description="registrant, admin and tech (billing optional), each with firstName, lastName, organization, email, phone (+1.5555550100), address1, address2, city, state, postalCode and country (two letters)."
            autosize
            minRows={12}
            maxRows={30}
            spellCheck={false}
            value={draft.text}
            onChange={(e) => setDraft(parseContactsDraft(e.currentTarget.value))}
            error={draft.valid ? undefined : CONTACTS_INVALID_JSON}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
            data-autofocus
          />
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
