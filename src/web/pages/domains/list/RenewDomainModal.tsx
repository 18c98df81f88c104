import { PAY_NOW_PARAM } from '../order/orderLoadText.ts';
import { Alert, Button, Group, Modal, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { RENEWAL_YEAR_CHOICES, renewalTotalText, tldOf, yearsOptionLabel } from './renewalPrice.ts';

const PRICING_LOAD_FAILED = 'Could not load domain pricing information.';

interface RenewDomainModalProps {
  /** The domain to renew; null keeps the modal closed. */
  domain: string | null;
  onClose(): void;
}

/**
 * Renew {domain}: 1 to 10 years at our renewal price, then the renewal order's page, where it
 * is paid. The list and the detail page share it.
 */
export function RenewDomainModal({ domain, onClose }: RenewDomainModalProps) {
  return (
    <Modal opened={domain !== null} onClose={onClose} title={domain ? `Renew ${domain}` : ''}>
      {domain && <RenewForm key={domain} domain={domain} onClose={onClose} />}
    </Modal>
  );
}

function RenewForm({ domain, onClose }: { domain: string; onClose(): void }) {
  const [years, setYears] = useState(1);
  const pricing = useFn('getTldPricing', {}, { staleTime: 5 * 60_000 });
  const renew = useFnMutation('renewDomain');
  const feedback = useFeedback();
  const navigate = useNavigate();

  const tld = tldOf(domain);
  const price = pricing.data?.pricing[tld];
  const renewCents = price?.renewCents ?? null;
  const currency = price?.currency ?? 'USD';

  const submit = () => {
    feedback.clear();
    renew.mutate({ domain, years }, {
      onSuccess: ({ orderId }) => navigate(`/domains/orders/${encodeURIComponent(orderId)}?${PAY_NOW_PARAM}=now`),
      onError: (error) => feedback.failure('Could not start the renewal', error),
    });
  };

  let total;
  if (pricing.isPending) total = <Skeleton height={24} width={140} aria-label="Loading the price" />;
  else if (pricing.isError) {
    total = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <span>{PRICING_LOAD_FAILED}</span>
          <Button size="xs" variant="white" color="red" onClick={() => pricing.refetch()}>Retry</Button>
        </Group>
      </Alert>
    );
  } else if (renewCents === null) {
    total = <Alert color="yellow" role="alert">{`We cannot renew .${tld} domains online right now. Please contact support.`}</Alert>;
  } else total = <Text fw={700} size="lg" aria-live="polite">{renewalTotalText(renewCents, years, currency)}</Text>;

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        The renewal adds the years to the current expiry date. You pay on the next page; the years are added once the payment is received.
      </Text>
      <NativeSelect
        label="Renewal period"
        data={RENEWAL_YEAR_CHOICES.map((y) => ({ value: String(y), label: yearsOptionLabel(y, renewCents, currency) }))}
        value={String(years)}
        onChange={(e) => setYears(Number(e.currentTarget.value))}
        data-autofocus
      />
      {total}
      <FeedbackAlert feedback={feedback} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Cancel</Button>
        <Button onClick={submit} loading={renew.isPending} disabled={renewCents === null}>Continue to payment</Button>
      </Group>
    </Stack>
  );
}
