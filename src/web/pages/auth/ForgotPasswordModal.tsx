import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { requestPasswordReset } from '../../api/auth.ts';
import { passwordResetRequestErrorMessage } from './authErrorMessages.ts';
import { EMAIL_PATTERN } from './AuthCard.tsx';

export const RESET_EMAIL_SENT = 'Password reset email sent! Please check your inbox.';

interface Props {
  opened: boolean;
  initialEmail: string;
  onClose(): void;
  onSent(message: string): void;
}

/** Asks for the e-mail address (prefilled from the sign-in form) and sends a real reset e-mail. */
export function ForgotPasswordModal({ opened, initialEmail, onClose, onSent }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setEmail(initialEmail);
      setError(null);
    }
  }, [opened, initialEmail]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError('Please enter a valid email address.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(address);
      onSent(RESET_EMAIL_SENT);
      onClose();
    } catch (caught) {
      setError(passwordResetRequestErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Reset your password" centered>
      <form onSubmit={send} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Enter the email address of your login. We will send you a link to set a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-autofocus
          />
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={busy}>Send Reset Email</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
