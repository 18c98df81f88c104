import { Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { requestPasswordReset } from '../../api/auth.ts';
import { passwordResetRequestErrorText, RESET_EMAIL_SENT } from '../../api/errorTexts.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useFeedback } from '../../components/MutationFeedback.tsx';
import { EMAIL_PATTERN } from './AuthCard.tsx';

interface Props {
  opened: boolean;
  initialEmail: string;
  onClose(): void;
  /** The success, shown by the sign-in page once the dialog has closed. */
  onSent(message: string): void;
}

/**
 * Asks for the e-mail address (prefilled from the sign-in form) and sends a real reset e-mail.
 * A chunk of its own: the sign-in page loads it when the dialog first opens.
 */
export default function ForgotPasswordModal({ opened, initialEmail, onClose, onSent }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();
  const { clear } = feedback;

  useEffect(() => {
    if (opened) {
      setEmail(initialEmail);
      clear();
    }
  }, [opened, initialEmail, clear]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      feedback.error('Please enter a valid email address.');
      return;
    }
    setBusy(true);
    feedback.clear();
    try {
      await requestPasswordReset(address);
      onSent(RESET_EMAIL_SENT);
      onClose();
    } catch (caught) {
      feedback.error(passwordResetRequestErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      title="Reset your password" centered opened={opened} onClose={onClose}
      onSubmit={send} feedback={feedback} submitLabel="Send Reset Email" submitting={busy}
    >
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
    </FormModal>
  );
}
