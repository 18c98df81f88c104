import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  BACK_TO_SIGN_IN, CODE_LABEL, RECOVERY_CODE_LABEL, SIGN_IN_CODE_HELP, SIGN_IN_RECOVERY_HELP, USE_APP_CODE, USE_RECOVERY_CODE, VERIFY,
} from '../../../common/profile/twoFactorTexts.ts';
import { PASSKEY_INSTEAD } from '../../../common/profile/passkeyTexts.ts';
import { verifyRecoveryCode, verifyTotp } from '../../api/auth.ts';
import { passkeysSupported } from '../../api/passkeys.ts';
import { twoFactorErrorText } from '../../api/twoFactorErrorText.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { PasskeyStep } from './PasskeyStep.tsx';

interface Props {
  /** What the server offered after the password: 'totp' (with recovery codes), or 'passkey' only. */
  methods: string[];
  onSignedIn: () => Promise<void>;
  onCancel: () => void;
}

/**
 * Sign-in's second step, after a right password for a user with two-factor authentication:
 * a code from the authenticator app, one of the recovery codes, or a passkey. No "trust this device".
 */
export function TwoFactorStep({ methods, onSignedIn, onCancel }: Props) {
  const passkeyOnly = !methods.includes('totp');
  const [passkey, setPasskey] = useState(passkeyOnly);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    feedback.clear();
    setBusy(true);
    try {
      await (recovery ? verifyRecoveryCode(code.trim()) : verifyTotp(code.replace(/\s/g, '')));
      await onSignedIn();
    } catch (error) {
      feedback.error(twoFactorErrorText(error));
      setBusy(false);
    }
  };
  const switchMode = () => {
    setRecovery(!recovery);
    setCode('');
    feedback.clear();
  };

  const back = <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>{BACK_TO_SIGN_IN}</Anchor>;
  if (passkey) {
    return (
      <Stack>
        <PasskeyStep onSignedIn={onSignedIn} />
        <Group justify="space-between" wrap="wrap">
          {!passkeyOnly && (
            <Anchor component="button" type="button" size="sm" onClick={() => setPasskey(false)}>{USE_APP_CODE}</Anchor>
          )}
          {back}
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{recovery ? SIGN_IN_RECOVERY_HELP : SIGN_IN_CODE_HELP}</Text>
        {recovery ? (
          <TextInput
            key="recovery" label={RECOVERY_CODE_LABEL} autoComplete="off" autoCapitalize="none" spellCheck={false} data-autofocus autoFocus
            value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={20}
          />
        ) : (
          <TextInput
            key="totp" label={CODE_LABEL} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" autoFocus
            value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={7}
          />
        )}
        <FeedbackAlert feedback={feedback} />
        <Button type="submit" fullWidth loading={busy} disabled={!code.trim()}>{VERIFY}</Button>
        <Group justify="space-between" wrap="wrap">
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {recovery ? USE_APP_CODE : USE_RECOVERY_CODE}
          </Anchor>
          {passkeysSupported() && (
            <Anchor component="button" type="button" size="sm" onClick={() => { feedback.clear(); setPasskey(true); }}>{PASSKEY_INSTEAD}</Anchor>
          )}
          {back}
        </Group>
      </Stack>
    </form>
  );
}
