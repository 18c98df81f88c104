import { Stack, Switch } from '@mantine/core';
import type { DomainDetail } from '../../../../common/domains/managementContract.ts';
import { AUTO_RENEW_DAYS_AHEAD } from '../../../../common/domains/domains.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageSection } from '../../../components/PageSection.tsx';
import { useDomainWrite } from './useDomainWrite.ts';

interface SettingSwitchProps {
  label: string;
  description: string;
  /** The value the domain holds. */
  saved: boolean;
  /** The value being written, while its write is in flight. */
  writing: boolean | undefined;
  onToggle(on: boolean): void;
}

/** One setting: shows the value being written until the answer comes, and takes no second change meanwhile. */
function SettingSwitch({ label, description, saved, writing, onToggle }: SettingSwitchProps) {
  return (
    <Switch
      label={label} description={description} checked={writing ?? saved} disabled={writing !== undefined}
      onChange={(e) => onToggle(e.currentTarget.checked)}
    />
  );
}

/** Auto-renew, registrar lock and privacy: each switch is one write, its outcome shown under them. */
export function DomainSettings({ detail }: { detail: DomainDetail }) {
  const feedback = useFeedback();
  const autoRenew = useDomainWrite('updateDomainAutoRenew', detail.domain);
  const lock = useDomainWrite('setDomainLock', detail.domain);
  const privacy = useDomainWrite('setDomainPrivacy', detail.domain);

  // A new write hides the last one's outcome; its own shows when it answers.
  const outcome = (action: string) => {
    feedback.clear();
    return {
      onSuccess: ({ message }: { message: string }) => feedback.success(message),
      onError: (error: unknown) => feedback.failure(`Failed to update ${action}`, error),
    };
  };

  return (
    <PageSection title="Settings">
      <Stack gap="md">
        <SettingSwitch
          label="Auto-renew" description={`We renew it ${AUTO_RENEW_DAYS_AHEAD} days before it expires.`}
          saved={detail.autoRenewEnabled} writing={autoRenew.isPending ? autoRenew.variables.autoRenew : undefined}
          onToggle={(on) => autoRenew.mutate({ autoRenew: on }, outcome('auto-renew'))}
        />
        <SettingSwitch
          label="Registrar lock" description="Blocks transfers of the domain to another registrar."
          saved={detail.locked} writing={lock.isPending ? lock.variables.locked : undefined}
          onToggle={(on) => lock.mutate({ locked: on }, outcome('the registrar lock'))}
        />
        <SettingSwitch
          label="WHOIS privacy" description="Hides the contacts from the public WHOIS record."
          saved={detail.privacyEnabled} writing={privacy.isPending ? privacy.variables.enabled : undefined}
          onToggle={(on) => privacy.mutate({ enabled: on }, outcome('privacy'))}
        />
        <FeedbackAlert feedback={feedback} closable />
      </Stack>
    </PageSection>
  );
}
