import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CONFIRM_PASSWORD, DISABLE_TWO_FACTOR, DISABLE_WARNING, ENABLE_TWO_FACTOR, REGENERATE_CODES, REGENERATE_WARNING,
  TWO_FACTOR_DISABLED, TWO_FACTOR_ENABLED, TWO_FACTOR_OFF, TWO_FACTOR_ON, TWO_FACTOR_TITLE,
} from '../../../common/profile/twoFactorTexts.ts';
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes } from '../../api/auth.ts';
import { useFn } from '../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { PasswordPrompt } from './PasswordPrompt.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; for: 'enable' | 'disable' | 'regenerate' }
  | { kind: 'scan'; totpURI: string; codes: string[] }
  | { kind: 'codes'; codes: string[] };

const PROMPTS = {
  enable: { title: ENABLE_TWO_FACTOR, text: CONFIRM_PASSWORD, action: 'Continue' },
  disable: { title: DISABLE_TWO_FACTOR, text: DISABLE_WARNING, action: 'Turn off' },
  regenerate: { title: REGENERATE_CODES, text: REGENERATE_WARNING, action: 'Make new codes' },
} as const;

/** Profile -> Security: turn TOTP two-factor authentication on or off, and renew the recovery codes (issue 21). */
export function TwoFactorSection() {
  const profile = useFn('getProfile', {});
  const { refresh } = useSession();
  const queries = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const feedback = useFeedback();
  const enabled = profile.data?.totpEnabled ?? false;

  // Each change replaces the session (better-auth renews it with the new flag): read the profile and the session again.
  const reload = async () => {
    await Promise.all([queries.invalidateQueries({ queryKey: ['getProfile'] }), refresh()]);
  };
  const onPassword = async (password: string) => {
    if (step.kind !== 'password') return;
    if (step.for === 'enable') {
      const started = await enableTwoFactor(password);
      setStep({ kind: 'scan', totpURI: started.totpURI, codes: started.backupCodes });
    } else if (step.for === 'disable') {
      await disableTwoFactor(password);
      setStep({ kind: 'idle' });
      feedback.success(TWO_FACTOR_DISABLED);
      await reload();
    } else {
      const renewed = await regenerateRecoveryCodes(password);
      setStep({ kind: 'codes', codes: renewed.backupCodes });
    }
  };
  const open = (what: 'enable' | 'disable' | 'regenerate') => {
    feedback.clear();
    setStep({ kind: 'password', for: what });
  };

  return (
    <Stack gap="sm" align="flex-start" id="two-factor">
      <Group gap="xs">
        <Title order={3} size="h5">{TWO_FACTOR_TITLE}</Title>
        {profile.data && <Badge color={enabled ? 'green' : 'gray'} variant="light">{enabled ? 'On' : 'Off'}</Badge>}
      </Group>
      {profile.isPending && <Skeleton h={36} w="100%" />}
      {profile.data && step.kind !== 'scan' && <Text size="sm" c="dimmed">{enabled ? TWO_FACTOR_ON : TWO_FACTOR_OFF}</Text>}
      {profile.data && step.kind !== 'scan' && step.kind !== 'codes' && (
        enabled ? (
          <Group gap="sm">
            <Button variant="default" onClick={() => open('regenerate')}>{REGENERATE_CODES}</Button>
            <Button color="red" variant="light" onClick={() => open('disable')}>{DISABLE_TWO_FACTOR}</Button>
          </Group>
        ) : (
          <Button onClick={() => open('enable')}>{ENABLE_TWO_FACTOR}</Button>
        )
      )}
      {step.kind === 'scan' && (
        <TotpEnrolment
          totpURI={step.totpURI}
          onCancel={() => setStep({ kind: 'idle' })}
          onConfirmed={() => {
            setStep({ kind: 'codes', codes: step.codes });
            feedback.success(TWO_FACTOR_ENABLED);
            void reload();
          }}
        />
      )}
      {step.kind === 'codes' && <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />}
      <FeedbackAlert feedback={feedback} w="100%" />
      {step.kind === 'password' && (
        <PasswordPrompt
          opened
          {...PROMPTS[step.for]}
          danger={step.for === 'disable'}
          onClose={() => setStep({ kind: 'idle' })}
          onConfirm={onPassword}
        />
      )}
    </Stack>
  );
}
