import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PASSKEY_SECOND_STEP_BUTTON, PASSKEY_SECOND_STEP_HELP } from '../../../common/profile/passkeyTexts.ts';
import { finishSignInWithPasskey, passkeyErrorText } from '../../api/passkeys.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';

/**
 * Sign-in's second step with a passkey, after a right password: for a user whose second factor is
 * a passkey, or instead of the authenticator app's code. The browser asks for the device's PIN or
 * biometrics; the server accepts only a passkey of the user whose password was right.
 */
export function PasskeyStep({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();

  const start = async () => {
    feedback.clear();
    setBusy(true);
    try {
      await finishSignInWithPasskey();
      await onSignedIn();
    } catch (error) {
      feedback.error(passkeyErrorText(error));
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text size="sm">{PASSKEY_SECOND_STEP_HELP}</Text>
      <FeedbackAlert feedback={feedback} />
      <Button fullWidth onClick={start} loading={busy} data-autofocus>{PASSKEY_SECOND_STEP_BUTTON}</Button>
    </Stack>
  );
}
