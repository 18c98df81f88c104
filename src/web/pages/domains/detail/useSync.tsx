import { Alert, List, Text } from '@mantine/core';
import { useState } from 'react';
import { SYNC_FAILED } from '../../../../common/domains/domains.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { type SyncOutcome, syncOutcome } from './syncOutcome.ts';
import { useDomainWrite } from './useDomainWrite.ts';

/** Sync (verifyManagedDomain): reads the registrar and RDAP, and keeps what it found to show. */
export function useSync(domain: string) {
  const sync = useDomainWrite('verifyManagedDomain', domain);
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const run = () => {
    setOutcome(null);
    sync.mutate({}, {
      onSuccess: ({ success, result }) => setOutcome(syncOutcome(success, result)),
      onError: (error) => setOutcome({ kind: 'failed', reason: errorDetail(error) }),
    });
  };
  return { run, pending: sync.isPending, outcome, dismiss: () => setOutcome(null) };
}

/** 'Sync failed' with the reason in a red box (spec §8), or what changed, or 'Already up to date'. */
export function SyncOutcomeAlert({ outcome, onDismiss }: { outcome: SyncOutcome | null; onDismiss(): void }) {
  if (!outcome) return null;
  if (outcome.kind === 'failed') {
    return <Alert color="red" role="alert" title={SYNC_FAILED} withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>{outcome.reason}</Alert>;
  }
  return (
    <Alert color={outcome.kind === 'changed' ? 'green' : 'blue'} role="status" title={outcome.kind === 'changed' ? 'Synced' : undefined} withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      <Text size="sm">{outcome.text}</Text>
      {outcome.notes.length > 0 && <List size="sm" mt={4}>{outcome.notes.map((n) => <List.Item key={n}>{n}</List.Item>)}</List>}
    </Alert>
  );
}
