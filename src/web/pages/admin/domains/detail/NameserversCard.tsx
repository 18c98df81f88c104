import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { FeedbackAlert, useFeedback } from '../../../../components/MutationFeedback.tsx';
import { PageSection } from '../../../../components/PageSection.tsx';
import { NameserversField } from '../../../domains/detail/NameserversField.tsx';
import { parseNameserverLines } from '../../../domains/detail/nameserverLines.ts';
import { useOperatorDomainWrite } from './useOperatorDomainWrite.ts';

/** One editor, one per line, saved on its own: at the registrar first in API mode, then in our record. */
export function NameserversCard({ local }: { local: ManagedDomain }) {
  const [text, setText] = useState(local.nameservers.join('\n'));
  const feedback = useFeedback();
  const save = useOperatorDomainWrite('adminUpdateDomainNameservers', local.domain);
  const unchanged = parseNameserverLines(text).join('\n') === local.nameservers.join('\n');

  const onSave = () => {
    feedback.clear();
    if (unchanged) return feedback.error(DOMAIN_DETAIL_TEXTS.noChanges);
    save.mutate({ nameservers: parseNameserverLines(text) }, {
      onSuccess: ({ message, local: saved }) => {
        setText(saved.nameservers.join('\n'));
        feedback.success(message);
      },
      onError: (error) => feedback.failure(DOMAIN_DETAIL_TEXTS.nameserversFailed, error),
    });
  };

  return (
    <PageSection title="Nameservers">
      <NameserversField value={text} onChange={setText} />
      <Group justify="space-between" wrap="wrap">
        <Text size="xs" c="dimmed">{local.managementMode === 'api' ? 'Sent to the registrar first, then saved here.' : 'Managed by hand: saved in our record only.'}</Text>
        <Button size="xs" onClick={onSave} loading={save.isPending}>Save nameservers</Button>
      </Group>
      <FeedbackAlert feedback={feedback} closable />
    </PageSection>
  );
}
