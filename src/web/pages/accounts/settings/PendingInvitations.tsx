import { Button, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AccountInvitationView } from '../../../../common/invitations/accountInvitations.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { ACCOUNT_ROLE_LABELS } from '../../../components/accountRoles.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import classes from '../../../components/StackedTable.module.css';

/** Asks before withdrawing: the invitee's link stops working at once. */
function RevokeModal({ invitation, busy, onConfirm, onClose }: {
  invitation: AccountInvitationView; busy: boolean; onConfirm(): void; onClose(): void;
}) {
  return (
    <Modal opened onClose={onClose} title="Revoke invitation">
      <Stack>
        <Text size="sm">
          Revoke the invitation to <strong>{invitation.email}</strong>? The link in their e-mail will stop working.
          You can invite them again later.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>Keep it</Button>
          <Button color="red" onClick={onConfirm} loading={busy}>Revoke invitation</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The account's pending invitations, newest first, each revocable; the list and rules come from the server. */
export function PendingInvitations({ accountId }: { accountId: string }) {
  const invitations = useFn('listAccountInvitations', { accountId });
  const revoke = useFnMutation('revokeInvitation', ['listAccountInvitations']);
  const feedback = useFeedback();
  const [confirming, setConfirming] = useState<AccountInvitationView | null>(null);

  const onConfirm = () => {
    if (!confirming) return;
    feedback.clear();
    revoke.mutate({ accountId, invitationId: confirming.id }, {
      onSuccess: () => feedback.success(`Invitation to ${confirming.email} revoked.`),
      onError: (error) => feedback.failure('Failed to revoke invitation', error),
      onSettled: () => setConfirming(null),
    });
  };

  const list = invitations.data?.invitations ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">Pending invitations{invitations.data ? ` (${list.length})` : ''}</Title>
      <FeedbackAlert feedback={feedback} closable />
      {invitations.isPending && <Stack gap="xs" aria-label="Loading invitations"><Skeleton h={28} /><Skeleton h={28} /></Stack>}
      {invitations.isError && <Text c="red" size="sm" role="alert">Failed to load invitations.</Text>}
      {invitations.data && list.length === 0 && (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">No pending invitations. Invite someone with the form below; their invitation shows here until they accept it.</Text>
        </Paper>
      )}
      {list.length > 0 && (
        <Paper withBorder>
          <Table verticalSpacing="sm" aria-label="Pending invitations" className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Invited by</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Td data-primary><Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{invitation.email}</Text></Table.Td>
                  <Table.Td data-label="Role"><Text size="sm">{ACCOUNT_ROLE_LABELS[invitation.role]}</Text></Table.Td>
                  <Table.Td data-label="Invited by"><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{invitation.invitedByEmail}</Text></Table.Td>
                  <Table.Td data-label="Sent"><Text size="sm"><RelativeTime value={invitation.createdAt} /></Text></Table.Td>
                  <Table.Td data-label="Expires"><Text size="sm">{formatDateTime(invitation.expiresAt)}</Text></Table.Td>
                  <Table.Td>
                    <Button size="xs" color="red" variant="light" aria-label={`Revoke invitation to ${invitation.email}`} onClick={() => setConfirming(invitation)}>
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {confirming && <RevokeModal invitation={confirming} busy={revoke.isPending} onConfirm={onConfirm} onClose={() => setConfirming(null)} />}
    </Stack>
  );
}
