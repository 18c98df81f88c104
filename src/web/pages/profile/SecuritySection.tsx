import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { requestPasswordReset } from '../../api/auth.ts';
import { passwordResetRequestErrorText, RESET_EMAIL_SENT } from '../../api/errorTexts.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';

/** Sends a real password-reset e-mail to the signed-in user's address. */
export function SecuritySection({ email }: { email: string | null }) {
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();

  const send = async () => {
    if (!email) return;
    setBusy(true);
    feedback.clear();
    try {
      await requestPasswordReset(email);
      feedback.success(RESET_EMAIL_SENT);
    } catch (error) {
      feedback.error(passwordResetRequestErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        To change your password, we send a link to {email ?? 'your e-mail address'}; it works once and for one hour.
      </Text>
      <Button variant="default" onClick={send} loading={busy} disabled={!email}>
        Send Password Reset Email
      </Button>
      <FeedbackAlert feedback={feedback} w="100%" />
    </Stack>
  );
}
