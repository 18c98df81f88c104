import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { CHANGES_SAVED, FAILED_TO_UPDATE_DETAILS, NOTHING_TO_UPDATE, REASON_REQUIRED } from '../../../../common/admin/users/texts.ts';
import type { AdminUserDetails } from '../../../../common/admin/users/contract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';

/** Display name, e-mail and phone, each change sent with the operator's reason (the audit log keeps it). */
export function UserDetailsForm({ user }: { user: AdminUserDetails }) {
  const [displayName, setDisplayName] = useState(user.displayName);
  const [email, setEmail] = useState(user.email);
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber ?? '');
  const [reason, setReason] = useState('');
  const save = useFnMutation('updateUserDetails', ['getUserDetails', 'getAllUsers']);
  const feedback = useFeedback();

  const submit = async () => {
    feedback.clear();
    const updates: { displayName?: string; email?: string; phoneNumber?: string } = {};
    if (displayName.trim() !== user.displayName) updates.displayName = displayName;
    if (email.trim().toLowerCase() !== user.email) updates.email = email;
    if (phoneNumber.trim() !== (user.phoneNumber ?? '')) updates.phoneNumber = phoneNumber;
    if (Object.keys(updates).length === 0) return feedback.error(NOTHING_TO_UPDATE);
    if (!reason.trim()) return feedback.error(REASON_REQUIRED);
    try {
      // The form shows what was stored (trimmed, the address lower-cased).
      const saved = (await save.mutateAsync({ userId: user.id, updates, reason })).user;
      setDisplayName(saved.displayName);
      setEmail(saved.email);
      setPhoneNumber(saved.phoneNumber ?? '');
      setReason('');
      feedback.success(CHANGES_SAVED);
    } catch (error) {
      feedback.failure(FAILED_TO_UPDATE_DETAILS, error);
    }
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack gap="sm">
          <Title order={2} size="h4">Details</Title>
          <TextInput label="Display name" value={displayName} onChange={(e) => setDisplayName(e.currentTarget.value)} maxLength={100} />
          <TextInput label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} maxLength={254} />
          <TextInput label="Phone number" value={phoneNumber} onChange={(e) => setPhoneNumber(e.currentTarget.value)} maxLength={32} />
          <Textarea
            label="Reason for the change" description="Kept in the audit log with the change." value={reason}
            onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2}
          />
          <FeedbackAlert feedback={feedback} closable />
          <Group justify="flex-end"><Button type="submit" loading={save.isPending}>Save changes</Button></Group>
        </Stack>
      </form>
    </Paper>
  );
}
