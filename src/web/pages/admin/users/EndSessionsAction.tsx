import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { REASON_REQUIRED } from '../../../../common/admin/users/texts.ts';
import type { AdminUserDetails } from '../../../../common/admin/users/contract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import type { FeedbackState } from '../../../components/MutationFeedback.tsx';

/**
 * Signs the user out everywhere (ASVS V7.4.5), e.g. after a lost device, without disabling them:
 * with a reason for the audit log. The outcome goes to the section's feedback.
 */
export function EndSessionsAction({ user, feedback }: { user: AdminUserDetails; feedback: FeedbackState }) {
  const end = useFnMutation('endAllUserSessions', ['getUserDetails']);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const confirm = async () => {
    if (!reason.trim()) return setReasonError(REASON_REQUIRED);
    feedback.clear();
    try {
      const done = await end.mutateAsync({ userId: user.id, reason });
      setConfirming(false);
      setReason('');
      feedback.success(`${user.email} is signed out everywhere; ${done.sessionsEnded} ${done.sessionsEnded === 1 ? 'session' : 'sessions'} ended.`);
    } catch (error) {
      setConfirming(false);
      feedback.failure('Failed to end the sessions', error);
    }
  };

  return (
    <>
      <Button variant="default" onClick={() => { setReasonError(null); setConfirming(true); }}>Sign out everywhere</Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign this user out everywhere?">
        <Stack gap="sm">
          <Text size="sm">Every session of {user.email} ends at once; they can sign in again with their password.</Text>
          <Textarea
            label="Reason" description="Kept in the audit log." value={reason} error={reasonError} data-autofocus
            onChange={(e) => { setReason(e.currentTarget.value); setReasonError(null); }} maxLength={500} autosize minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>Cancel</Button>
            <Button color="red" onClick={confirm} loading={end.isPending}>Sign out everywhere</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
