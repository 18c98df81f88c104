import { Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DEFAULT_INVITE_ROLE, type InviteRole } from '../../../../common/constants.ts';
import { INVITE_DETAILS_MISSING } from '../../../../common/members/contract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { INVITE_ROLE_OPTIONS } from '../../../components/accountRoles.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';

/** Invites an e-mail address to the account; the server e-mails the invitation link. */
export function InviteMemberForm({ accountId }: { accountId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>(DEFAULT_INVITE_ROLE);
  const feedback = useFeedback();
  const sendInvitation = useFnMutation('sendInvitation', ['listAccountInvitations']);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const inviteeEmail = email.trim();
    if (!inviteeEmail) {
      feedback.error(INVITE_DETAILS_MISSING);
      return;
    }
    feedback.clear();
    sendInvitation.mutate({ accountId, inviteeEmail, role }, {
      onSuccess: () => {
        feedback.success(`Invitation sent successfully to ${inviteeEmail}.`);
        setEmail('');
        setRole(DEFAULT_INVITE_ROLE);
      },
      onError: (error) => feedback.failure('Failed to send invitation', error),
    });
  };

  return (
    <Paper withBorder p="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Invite New Member">
        <Stack gap="sm">
          <Title order={2} size="h3">Invite New Member</Title>
          <FeedbackAlert feedback={feedback} />
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              withAsterisk
              maxLength={254}
              style={{ flex: 1, minWidth: 240 }}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <NativeSelect
              label="Role"
              w={180}
              data={INVITE_ROLE_OPTIONS}
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as InviteRole)}
            />
            <Button type="submit" loading={sendInvitation.isPending}>Send Invitation</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
