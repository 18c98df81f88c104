import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { twoFactorErrorText } from '../../api/twoFactorErrorText.ts';
import { PasswordField } from '../auth/PasswordField.tsx';

/** Asks the password before a change to two-factor authentication; a wrong one is said here, in the dialog. */
export function PasswordPrompt({ opened, title, text, action, danger, onClose, onConfirm }: {
  opened: boolean;
  title: string;
  text: string;
  action: string;
  danger?: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();

  const close = () => {
    setPassword('');
    feedback.clear();
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    feedback.clear();
    try {
      await onConfirm(password);
      setPassword('');
    } catch (error) {
      feedback.error(twoFactorErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          <PasswordField label="Password" autoComplete="current-password" value={password} data-autofocus
            onChange={(e) => setPassword(e.currentTarget.value)} />
          <FeedbackAlert feedback={feedback} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy} disabled={!password}>{action}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
