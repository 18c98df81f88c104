import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DomainDetail } from '../../../../common/domains/managementContract.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageSection } from '../../../components/PageSection.tsx';
import { NameserversField } from './NameserversField.tsx';
import { nameserverLabel, parseNameserverLines } from './nameserverLines.ts';
import { useDomainWrite } from './useDomainWrite.ts';

/** NS1, NS2, ... and an editor with one per line; the server checks the names. */
export function NameserversPanel({ detail }: { detail: DomainDetail }) {
  const [draft, setDraft] = useState<string | null>(null);
  const feedback = useFeedback();
  const save = useDomainWrite('updateDomainNameservers', detail.domain);

  const onSave = () => {
    feedback.clear();
    save.mutate({ nameservers: parseNameserverLines(draft ?? '') }, {
      onSuccess: ({ message }) => {
        setDraft(null);
        feedback.success(message);
      },
      onError: (error) => feedback.failure('Failed to save nameservers', error),
    });
  };

  return (
    <PageSection title="Nameservers">
      {draft === null ? (
        <Stack gap="sm">
          {detail.nameservers.length === 0 ? <Text size="sm" c="dimmed">No nameservers on record.</Text> : (
            <List listStyleType="none" spacing={4} aria-label="Nameservers">
              {detail.nameservers.map((ns, i) => (
                <List.Item key={ns}>
                  <Text span size="sm" fw={600} c="dimmed" w={44} display="inline-block">{nameserverLabel(i)}</Text>
                  <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{ns}</Text>
                </List.Item>
              ))}
            </List>
          )}
          <Group>
            <Button variant="default" size="xs" onClick={() => {
              feedback.clear();
              setDraft(detail.nameservers.join('\n'));
            }}>Edit nameservers</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <NameserversField value={draft} onChange={setDraft} autoFocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => {
              feedback.clear();
              setDraft(null);
            }}>Cancel</Button>
            <Button onClick={onSave} loading={save.isPending}>Save nameservers</Button>
          </Group>
        </Stack>
      )}
      <FeedbackAlert feedback={feedback} closable />
    </PageSection>
  );
}
