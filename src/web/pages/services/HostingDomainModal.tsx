import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { hostingOrderInput } from '../../../common/hosting/orderFields.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useFeedback } from '../../components/MutationFeedback.tsx';

interface HostingDomainModalProps {
  /** The plan being bought, named in the title. */
  planName: string;
  onClose(): void;
  /** The domain as the server will take it (trimmed, lower case); the checkout starts from here. */
  onConfirm(domain: string): void;
}

/**
 * Start Now on a hosting plan that asks for the primary domain: the domain first, checked as the
 * server checks it, then the checkout. The account on the panel is created for this domain.
 */
export function HostingDomainModal({ planName, onClose, onConfirm }: HostingDomainModalProps) {
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const feedback = useFeedback();
  return (
    <FormModal
      title={`Start ${planName}`} formLabel="Your website's domain" onClose={onClose} feedback={feedback} submitLabel="Continue to payment" submitting={false}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = hostingOrderInput.safeParse({ domain });
        const checked = parsed.success ? parsed.data.domain : undefined;
        if (!checked) {
          setError(parsed.success ? 'A domain name is required.' : parsed.error.issues[0].message);
          return;
        }
        onConfirm(checked);
      }}
    >
      <TextInput
        label="Primary domain" description="The website this hosting is for, such as example.com. You can point it here after the purchase."
        placeholder="example.com" value={domain} error={error} autoFocus data-autofocus required
        onChange={(event) => { setDomain(event.currentTarget.value); setError(null); }}
      />
    </FormModal>
  );
}
