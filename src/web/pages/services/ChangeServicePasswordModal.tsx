import { PasswordInput, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { servicePassword } from '../../../common/hosting/servicesContract.ts';
import { PASSWORD_RULES } from '../../../common/hosting/servicesTexts.ts';
import { useFnMutation } from '../../api/hooks.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useFeedback } from '../../components/MutationFeedback.tsx';

export const PASSWORDS_DIFFER = 'The two passwords do not match.';

/**
 * Change password: typed twice, checked against the same rules the server applies (the username
 * rule only the server knows). The password is never kept beyond the form.
 */
export function ChangeServicePasswordModal({ serviceId, onClose }: { serviceId: string; onClose(): void }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const feedback = useFeedback();
  const change = useFnMutation('changeServicePassword', ['getAccountService']);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    feedback.clear();
    const checked = servicePassword.safeParse(password);
    const next = {
      password: checked.success ? undefined : checked.error.issues[0].message,
      repeat: checked.success && repeat !== password ? PASSWORDS_DIFFER : undefined,
    };
    setErrors(next);
    if (next.password || next.repeat) return;
    change.mutate({ serviceId, password }, {
      onSuccess: (result) => {
        setPassword('');
        setRepeat('');
        feedback.success(result.message);
      },
      onError: (error) => feedback.failure('Failed to change password', error),
    });
  };

  return (
    <FormModal title="Change password" onClose={onClose} onSubmit={onSubmit} feedback={feedback} submitLabel="Change password" submitting={change.isPending}>
      <Text size="sm" c="dimmed">{PASSWORD_RULES}</Text>
      <PasswordInput label="New password" autoComplete="new-password" value={password} error={errors.password}
        onChange={(e) => setPassword(e.currentTarget.value)} />
      <PasswordInput label="Repeat new password" autoComplete="new-password" value={repeat} error={errors.repeat}
        onChange={(e) => setRepeat(e.currentTarget.value)} />
    </FormModal>
  );
}
