import { Button } from '@mantine/core';
import type { SupplierHealth } from '../../../../common/admin/registrars/contract.ts';
import { REGISTRAR_TEXTS } from '../../../../common/admin/registrars/texts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import type { FeedbackState } from '../../../components/MutationFeedback.tsx';
import type { DomainSyncAnswer } from './DomainSyncSummary.tsx';

/**
 * Sync domains: the supplier's portfolio into the inventory (new names unassigned, ours refreshed).
 * The answer's sentence is the outcome: the spec's '{supplier} sync completed: created N, updated M.',
 * or 'Failed to sync {supplier}' with why the list stopped and what was written before.
 */
export function SyncDomainsButton({ supplier, feedback, busy, onBusy, onAnswer }: {
  supplier: SupplierHealth; feedback: FeedbackState; busy: boolean; onBusy(busy: boolean): void; onAnswer(answer: DomainSyncAnswer | null): void;
}) {
  const sync = useFnMutation('syncSupplierDomains', ['getRegistrarHealth']);
  const run = () => {
    feedback.clear();
    onAnswer(null);
    onBusy(true);
    sync.mutate({ supplier: supplier.id, mode: 'apply' }, {
      onSuccess: (answer) => {
        onAnswer(answer);
        if (answer.success) feedback.success(answer.message);
        else feedback.error(`${REGISTRAR_TEXTS.syncFailedOne(supplier.name)}: ${answer.message}`);
      },
      onError: (error) => feedback.failure(REGISTRAR_TEXTS.syncFailedOne(supplier.name), error),
      onSettled: () => onBusy(false),
    });
  };
  return (
    <Button size="xs" variant="light" loading={sync.isPending} disabled={busy && !sync.isPending} onClick={run}
      aria-label={`${REGISTRAR_TEXTS.syncDomains} of ${supplier.name}`}>
      {REGISTRAR_TEXTS.syncDomains}
    </Button>
  );
}
