import { Alert, Button, Checkbox, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ComparedField, VerificationReview } from '../../../../../common/admin/domainDetail/contract.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { useFnMutation } from '../../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../../components/MutationFeedback.tsx';
import { comparedValueLabel, FIELD_LABELS } from '../detail/comparedValues.ts';
import { DiffBadges } from '../detail/DiffBadges.tsx';
import { correctable, correctionsOf, preselected } from './correctionsOf.ts';

/** The spec's Verification Review side panel width. */
const PANEL_WIDTH = 480;

function FieldReview({ review, field, chosen, onToggle }: {
  review: VerificationReview; field: ComparedField; chosen: boolean; onToggle(): void;
}) {
  const diff = review.diffs.find((d) => d.field === field)!;
  const label = (value: string | null) => comparedValueLabel(field, value, review.registrarNames);
  return (
    <Paper withBorder p="sm" component="section" aria-label={FIELD_LABELS[field]}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>{FIELD_LABELS[field]}</Text>
          <DiffBadges diff={diff} />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}><Text size="xs" c="dimmed">Our Database</Text><Text size="sm">{label(diff.local)}</Text></Stack>
          <Stack gap={0}><Text size="xs" c="dimmed">Supplier</Text><Text size="sm">{label(diff.supplier)}</Text></Stack>
          <Stack gap={0}><Text size="xs" c="dimmed">WHOIS</Text><Text size="sm">{label(diff.whois)}</Text></Stack>
        </Group>
        {diff.proposed !== null && (
          <Checkbox checked={chosen} onChange={onToggle} label={`Apply ${label(diff.proposed)}`} aria-label={`Apply ${FIELD_LABELS[field]}: ${label(diff.proposed)}`} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The Verification Review: open while `domain` is set, it verifies the domain at once (its
 * supplier and the registry), shows each field with its conflict and change, and applies the
 * ticked fields' proposed values to our record.
 */
export function VerificationPanel({ domain, onClose, onApplied }: { domain: string | null; onClose: () => void; onApplied: () => void }) {
  const verify = useFnMutation('adminVerifyManagedDomain');
  const apply = useFnMutation('applyDomainCorrections');
  const [chosen, setChosen] = useState<ComparedField[]>([]);
  const feedback = useFeedback();
  const { mutate: runVerify, reset: resetVerify } = verify;
  const clearFeedback = feedback.clear;

  // Opening the panel on a domain is the verification: it starts at once, and anew for another domain.
  useEffect(() => {
    clearFeedback();
    resetVerify();
    if (!domain) return;
    runVerify({ domain }, { onSuccess: ({ result }) => setChosen(preselected(result.diffs)) });
  }, [domain, runVerify, resetVerify, clearFeedback]);

  const review = verify.data?.result ?? null;
  const proposals = review ? correctable(review.diffs) : [];
  const toggle = (field: ComparedField) => setChosen((now) => (now.includes(field) ? now.filter((f) => f !== field) : [...now, field]));

  const onApply = () => {
    feedback.clear();
    if (!review || !domain) return;
    const patches = correctionsOf(review.diffs, chosen);
    if (Object.keys(patches).length === 0) return feedback.error(DOMAIN_DETAIL_TEXTS.noChanges);
    apply.mutate({ domain, patches }, {
      onSuccess: ({ message }) => {
        feedback.success(message);
        onApplied();
        runVerify({ domain }, { onSuccess: ({ result }) => setChosen(preselected(result.diffs)) });
      },
      onError: (error) => feedback.failure(DOMAIN_DETAIL_TEXTS.applyFailed, error),
    });
  };

  return (
    <Drawer opened={domain !== null} onClose={onClose} position="right" size={PANEL_WIDTH} title={domain ? `Verification Review: ${domain}` : 'Verification Review'}>
      <Stack gap="sm">
        {verify.isPending && (
          <Stack gap="sm" aria-busy aria-label="Verifying">
            <Text size="sm" c="dimmed">Asking the supplier and the registry…</Text>
            {[0, 1, 2].map((i) => <Skeleton key={i} height={90} />)}
          </Stack>
        )}
        {verify.isError && (
          <Alert color="red" role="alert" title={DOMAIN_DETAIL_TEXTS.verifyFailed}>
            <Text size="sm">{verify.error.message}</Text>
            <Button mt="xs" size="xs" variant="default" onClick={() => domain && runVerify({ domain })}>Retry</Button>
          </Alert>
        )}
        {review && !verify.isPending && (
          <>
            <Group gap="xs">
              <Text size="sm">{review.summary.conflicts} conflict{review.summary.conflicts === 1 ? '' : 's'}, {review.summary.changed} changed</Text>
              {!verify.data!.success && <Text size="sm" c="orange">No source answered: nothing was verified.</Text>}
            </Group>
            {[review.sources.supplier, review.sources.whois].filter((s) => s.reason).map((s) => (
              <Text key={s.reason} size="xs" c="dimmed">{s.reason}</Text>
            ))}
            {review.diffs.map((diff) => (
              <FieldReview key={diff.field} review={review} field={diff.field} chosen={chosen.includes(diff.field)} onToggle={() => toggle(diff.field)} />
            ))}
            {proposals.length === 0 && <Text size="sm" c="dimmed">Our record already holds what the sources say: nothing to correct.</Text>}
            <FeedbackAlert feedback={feedback} closable />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>Close</Button>
              <Button onClick={onApply} loading={apply.isPending}>Apply Corrections</Button>
            </Group>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
