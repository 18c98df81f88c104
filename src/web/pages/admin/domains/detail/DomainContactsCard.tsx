import { Alert, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import type { DomainContactsInput } from '../../../../../common/domains/contacts.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { FunctionCallError } from '../../../../api/client.ts';
import { failureText } from '../../../../api/errorTexts.ts';
import { PageSection } from '../../../../components/PageSection.tsx';
import { ContactsForm } from '../../../domains/detail/ContactsForm.tsx';
import { ContactsJsonField } from '../../../domains/detail/ContactsJsonField.tsx';
import { type ContactsDraft, contactIssues, contactsText, type IssueLike, parseContactsDraft } from '../../../domains/detail/contactsJson.ts';
import { CONTACT_ROLES, ROLE_LABELS } from '../../../domains/detail/contactsForm.ts';
import { useOperatorDomainWrite } from './useOperatorDomainWrite.ts';

/**
 * The registrant, admin and tech contacts: read, edit in the customers' contacts form, or as JSON
 * (the advanced view: parsed on each input, kept as typed until it parses). Saved on its own.
 */
export function DomainContactsCard({ local }: { local: ManagedDomain }) {
  const [mode, setMode] = useState<'read' | 'form' | 'json'>('read');
  const [draft, setDraft] = useState<ContactsDraft | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; issues: IssueLike[] } | null>(null);
  const save = useOperatorDomainWrite('adminUpdateDomainContacts', local.domain);

  const openJson = () => {
    setSaved(null);
    setFailure(null);
    setDraft(parseContactsDraft(contactsText(local.contacts)));
    setMode('json');
  };
  const saveJson = () => {
    if (!draft?.valid) return;
    setFailure(null);
    save.mutate({ contacts: draft.value as DomainContactsInput }, {
      onSuccess: ({ message }) => {
        setMode('read');
        setSaved(message);
      },
      onError: (error) => setFailure({
        text: failureText(DOMAIN_DETAIL_TEXTS.contactsFailed, error),
        issues: error instanceof FunctionCallError ? contactIssues(error.details) : [],
      }),
    });
  };

  return (
    <PageSection title="Domain Contacts">
      {mode === 'form' && (
        <ContactsForm save={save} held={local.contacts} onCancel={() => setMode('read')} onSaved={(message) => {
          setMode('read');
          setSaved(message);
        }} />
      )}
      {mode === 'read' && (
        <Stack gap="sm">
          {local.contacts ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {CONTACT_ROLES.map((role) => {
                const c = local.contacts![role];
                return (
                  <Stack key={role} gap={2} miw={0} role="group" aria-label={ROLE_LABELS[role]}>
                    <Text size="sm" fw={600}>{ROLE_LABELS[role]}</Text>
                    <Text size="sm">{c.name}</Text>
                    {c.organization && <Text size="sm">{c.organization}</Text>}
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{c.email}</Text>
                    <Text size="sm">{c.phone}</Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{c.address}</Text>
                  </Stack>
                );
              })}
            </SimpleGrid>
          ) : <Text size="sm" c="dimmed">No contacts on record. Enter them, or verify the domain to compare with its registrar.</Text>}
          <Group>
            <Button variant="default" size="xs" onClick={() => {
              setSaved(null);
              setMode('form');
            }}>Edit contacts</Button>
            <Button variant="subtle" size="xs" onClick={openJson}>Edit as JSON</Button>
          </Group>
          {saved && <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setSaved(null)}>{saved}</Alert>}
        </Stack>
      )}
      {mode === 'json' && draft && (
        <Stack gap="sm">
          <ContactsJsonField draft={draft} onChange={setDraft} />
          {failure && (
            <Alert color="red" role="alert">
              <Text size="sm">{failure.text}</Text>
              {failure.issues.length > 0 && (
                <List size="sm" mt={4}>
                  {failure.issues.map((issue) => <List.Item key={`${issue.path}:${issue.message}`}>{issue.path ? `${issue.path}: ` : ''}{issue.message}</List.Item>)}
                </List>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMode('read')}>Cancel</Button>
            <Button onClick={saveJson} loading={save.isPending} disabled={!draft.valid}>Save contacts</Button>
          </Group>
        </Stack>
      )}
    </PageSection>
  );
}
