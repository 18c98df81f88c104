import { Stack, Switch } from '@mantine/core';
import type { DomainDetail } from '../../../../common/domains/managementContract.ts';
import { AUTO_RENEW_DAYS_AHEAD } from '../../../../common/domains/domains.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageSection } from '../../../components/PageSection.tsx';
import { useDomainWrite } from './useDomainWrite.ts';

/** Auto-renew, registrar lock and privacy: each switch is one write, its outcome shown under them. */
export function DomainSettings({ detail }: { detail: DomainDetail }) {
  const feedback = useFeedback();
  const autoRenew = useDomainWrite('updateDomainAutoRenew', detail.domain);
  const lock = useDomainWrite('setDomainLock', detail.domain);
  const privacy = useDomainWrite('setDomainPrivacy', detail.domain);

  const outcome = (action: string) => ({
    onSuccess: ({ message }: { message: string }) => feedback.success(message),
    onError: (error: unknown) => feedback.failure(`Failed to update ${action}`, error),
  });

  return (
    <PageSection title="Settings">
      <Stack gap="md">
        <Switch
          label="Auto-renew"
          description={`We renew it ${AUTO_RENEW_DAYS_AHEAD} days before it expires.`}
          checked={autoRenew.isPending ? autoRenew.variables.autoRenew : detail.autoRenewEnabled}
          disabled={autoRenew.isPending}
          onChange={(e) => {
            feedback.clear();
            autoRenew.mutate({ autoRenew: e.currentTarget.checked }, outcome('auto-renew'));
          }}
        />
        <Switch
          label="Registrar lock"
          description="Blocks transfers of the domain to another registrar."
          checked={lock.isPending ? lock.variables.locked : detail.locked}
          disabled={lock.isPending}
          onChange={(e) => {
            feedback.clear();
            lock.mutate({ locked: e.currentTarget.checked }, outcome('the registrar lock'));
          }}
        />
        <Switch
          label="WHOIS privacy"
          description="Hides the contacts from the public WHOIS record."
          checked={privacy.isPending ? privacy.variables.enabled : detail.privacyEnabled}
          disabled={privacy.isPending}
          onChange={(e) => {
            feedback.clear();
            privacy.mutate({ enabled: e.currentTarget.checked }, outcome('privacy'));
          }}
        />
        <FeedbackAlert feedback={feedback} closable />
      </Stack>
    </PageSection>
  );
}
