import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AuthError, requestPasswordReset } from '../../api/auth.ts';
import { TOO_MANY_ATTEMPTS } from '../auth/authErrorMessages.ts';
import { RESET_EMAIL_SENT } from '../auth/ForgotPasswordModal.tsx';

/** Sends a real password-reset e-mail to the signed-in user's address. */
export function SecuritySection({ email }: { email: string | null }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    if (!email) return;
    setBusy(true);
    setResult(null);
    try {
      await requestPasswordReset(email);
      setResult({ ok: true, text: RESET_EMAIL_SENT });
    } catch (error) {
      const text = error instanceof AuthError && error.status === 429
        ? TOO_MANY_ATTEMPTS
        : `Failed to send password reset email: ${error instanceof Error ? error.message : String(error)}`;
      setResult({ ok: false, text });
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
      {result && <Alert color={result.ok ? 'green' : 'red'} w="100%">{result.text}</Alert>}
    </Stack>
  );
}
