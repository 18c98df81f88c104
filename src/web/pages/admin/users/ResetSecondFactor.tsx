import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CANNOT_RESET_OWN_SECOND_FACTOR, REASON_REQUIRED } from '../../../../common/admin/users/texts.ts';
import type { AdminUserDetails } from '../../../../common/admin/users/contract.ts';
import { RESET_SECOND_FACTOR, RESET_SECOND_FACTOR_CONFIRM, RESET_SECOND_FACTOR_DONE } from '../../../../common/profile/twoFactorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import type { useFeedback } from '../../../components/MutationFeedback.tsx';

/** The operator's reset of a user's two-factor authentication, behind a confirmation with a reason (issue 21). */
export function ResetSecondFactor({ user, isSelf, feedback }: { user: AdminUserDetails; isSelf: boolean; feedback: ReturnType<typeof useFeedback> }) {
  const reset = useFnMutation('resetUserSecondFactor', ['getUserDetails']);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  if (!user.auth.secondFactor) return null;
  const confirm = async () => {
    if (!reason.trim()) return setReasonError(REASON_REQUIRED);
    feedback.clear();
    try {
      await reset.mutateAsync({ userId: user.id, reason });
      setReason('');
      feedback.success(RESET_SECOND_FACTOR_DONE);
    } catch (error) {
      feedback.failure('Failed to reset two-factor authentication', error);
    }
    setConfirming(false);
  };

  return (
    <>
      <Button color="orange" variant="light" disabled={isSelf} title={isSelf ? CANNOT_RESET_OWN_SECOND_FACTOR : undefined}
        onClick={() => { setReasonError(null); setConfirming(true); }}>
        {RESET_SECOND_FACTOR}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={`${RESET_SECOND_FACTOR}?`}>
        <Stack gap="sm">
          <Text size="sm">{RESET_SECOND_FACTOR_CONFIRM}</Text>
          <Textarea
            label="Reason" description="Kept in the audit log: how you checked who is asking." value={reason} error={reasonError} data-autofocus
            onChange={(e) => { setReason(e.currentTarget.value); setReasonError(null); }} maxLength={500} autosize minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>Cancel</Button>
            <Button color="orange" onClick={confirm} loading={reset.isPending}>{RESET_SECOND_FACTOR}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
