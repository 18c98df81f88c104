import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { CANNOT_DISABLE_SELF, REASON_REQUIRED, RESET_SENT } from '../../../../common/admin/users/texts.ts';
import type { AdminUserDetails } from '../../../../common/admin/users/contract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { EndSessionsAction } from './EndSessionsAction.tsx';
import { ResetSecondFactor } from './ResetSecondFactor.tsx';

const PROVIDER_LABELS: Record<string, string> = { credential: 'E-mail and password', google: 'Google' };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <div>{children}</div>
    </Stack>
  );
}

/** Sign-in facts, the password-reset e-mail, and disabling (or enabling) the user with a reason. */
export function AccessActions({ user, isSelf }: { user: AdminUserDetails; isSelf: boolean }) {
  const reset = useFnMutation('sendUserPasswordReset');
  const setDisabled = useFnMutation('setUserDisabled', ['getUserDetails', 'getAllUsers']);
  const feedback = useFeedback();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const disabling = !user.auth.disabled;

  const sendReset = async () => {
    feedback.clear();
    try {
      feedback.success(RESET_SENT((await reset.mutateAsync({ userId: user.id })).email));
    } catch (error) {
      feedback.failure('Failed to send the password reset', error);
    }
  };
  const confirm = async () => {
    if (!reason.trim()) return setReasonError(REASON_REQUIRED);
    feedback.clear();
    try {
      const done = await setDisabled.mutateAsync({ userId: user.id, disabled: disabling, reason });
      setConfirming(false);
      setReason('');
      feedback.success(done.disabled
        ? `${user.email} is disabled; ${done.sessionsEnded} ${done.sessionsEnded === 1 ? 'session' : 'sessions'} ended.`
        : `${user.email} can sign in again.`);
    } catch (error) {
      setConfirming(false);
      feedback.failure(disabling ? 'Failed to disable the user' : 'Failed to enable the user', error);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">Sign-in</Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label="E-mail verified">{user.auth.emailVerified ? 'Yes' : 'No'}</Fact>
          <Fact label="Status">
            {user.auth.disabled ? <Badge color="red" variant="light">Disabled</Badge> : <Badge color="green" variant="light">Active</Badge>}
          </Fact>
          <Fact label="Sign-in providers">
            {user.auth.providers.length ? user.auth.providers.map((p) => PROVIDER_LABELS[p] ?? p).join(', ') : 'None'}
          </Fact>
          <Fact label="Two-factor authentication">{user.auth.secondFactor ? 'On' : 'Off'}</Fact>
          <Fact label="Last sign-in (open sessions)">{user.auth.lastSignInAt ? formatDateTime(user.auth.lastSignInAt) : 'No open session'}</Fact>
        </SimpleGrid>
        <Group gap="sm">
          <Button variant="default" onClick={sendReset} loading={reset.isPending}>Reset password</Button>
          <EndSessionsAction user={user} feedback={feedback} />
          <Button
            color={disabling ? 'red' : 'green'} variant={disabling ? 'light' : 'filled'} disabled={disabling && isSelf}
            onClick={() => { setReasonError(null); setConfirming(true); }}
          >
            {disabling ? 'Disable account' : 'Enable account'}
          </Button>
          <ResetSecondFactor user={user} isSelf={isSelf} feedback={feedback} />
        </Group>
        {disabling && isSelf && <Text size="sm" c="dimmed">{CANNOT_DISABLE_SELF}</Text>}
        <FeedbackAlert feedback={feedback} closable />
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={disabling ? 'Disable this account?' : 'Enable this account?'}>
        <Stack gap="sm">
          <Text size="sm">
            {disabling
              ? `${user.email} will be signed out everywhere at once and cannot sign in until the account is enabled again.`
              : `${user.email} will be able to sign in again.`}
          </Text>
          <Textarea
            label="Reason" description="Kept in the audit log." value={reason} error={reasonError} data-autofocus
            onChange={(e) => { setReason(e.currentTarget.value); setReasonError(null); }} maxLength={500} autosize minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>Cancel</Button>
            <Button color={disabling ? 'red' : 'green'} onClick={confirm} loading={setDisabled.isPending}>
              {disabling ? 'Disable account' : 'Enable account'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
