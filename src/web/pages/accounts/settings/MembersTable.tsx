import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { InviteRole } from '../../../../common/constants.ts';
import type { MemberView } from '../../../../common/contracts/members.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { ACCOUNT_ROLE_LABELS, INVITE_ROLE_OPTIONS } from '../../../components/accountRoles.ts';

interface Feedback {
  ok: boolean;
  text: string;
}

interface RowProps {
  member: MemberView;
  busy: boolean;
  onChangeRole(member: MemberView, role: InviteRole): void;
  onRemove(member: MemberView): void;
}

/** One member; the role control and Remove appear only where the server's abilities allow them. */
function MemberRow({ member, busy, onChangeRole, onRemove }: RowProps) {
  const name = member.displayName || member.email;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text size="sm" fw={500}>{name}</Text>
          {member.isOwner && <Badge color="indigo" variant="filled" size="sm">Owner</Badge>}
          {member.isSelf && <Badge color="teal" variant="light" size="sm">You</Badge>}
        </Group>
      </Table.Td>
      <Table.Td><Text size="sm">{member.email}</Text></Table.Td>
      <Table.Td>
        {member.canChangeRole ? (
          <NativeSelect
            aria-label={`Role for ${name}`}
            size="xs"
            w={160}
            disabled={busy}
            data={INVITE_ROLE_OPTIONS}
            value={member.role}
            onChange={(e) => onChangeRole(member, e.currentTarget.value as InviteRole)}
          />
        ) : (
          <Text size="sm">{ACCOUNT_ROLE_LABELS[member.role] ?? member.role}</Text>
        )}
      </Table.Td>
      <Table.Td>
        {member.canRemove && (
          <Button size="xs" color="red" variant="light" disabled={busy} aria-label={`Remove ${name}`} onClick={() => onRemove(member)}>
            Remove
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The account's members in the server's order (owner first, then by name), with role changes and removal. */
export function MembersTable({ accountId, members, count }: { accountId: string; members: MemberView[]; count: number }) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const updateRole = useFnMutation('updateMemberRole', ['listAccountMembers']);
  const removeMember = useFnMutation('removeMember', ['listAccountMembers', 'getDashboard']);
  const busyUid = updateRole.isPending ? updateRole.variables?.memberUid : removeMember.isPending ? removeMember.variables?.memberUid : null;

  const changeRole = (member: MemberView, newRole: InviteRole) => {
    setFeedback(null);
    updateRole.mutate({ accountId, memberUid: member.userId, newRole }, {
      onSuccess: (result) => setFeedback({ ok: true, text: result.message }),
      onError: (error) => setFeedback({ ok: false, text: `Failed to update role: ${error.message}` }),
    });
  };

  const remove = (member: MemberView) => {
    const name = member.displayName || member.email;
    if (!window.confirm(`Are you sure you want to remove ${name} from the account?`)) return;
    setFeedback(null);
    removeMember.mutate({ accountId, memberUid: member.userId }, {
      onSuccess: (result) => setFeedback({ ok: true, text: result.message }),
      onError: (error) => setFeedback({ ok: false, text: `Failed to remove member: ${error.message}` }),
    });
  };

  return (
    <Stack gap="sm">
      <Title order={3}>Members ({count})</Title>
      {feedback && (
        <Alert color={feedback.ok ? 'green' : 'red'} role={feedback.ok ? 'status' : 'alert'} withCloseButton onClose={() => setFeedback(null)}>
          {feedback.text}
        </Alert>
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="sm" aria-label="Account members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <MemberRow key={member.userId} member={member} busy={busyUid === member.userId} onChangeRole={changeRole} onRemove={remove} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
