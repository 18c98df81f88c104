import { Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { InviteRole } from '../../../../common/constants.ts';
import type { MemberView } from '../../../../common/members/contract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { ACCOUNT_ROLE_LABELS, INVITE_ROLE_OPTIONS } from '../../../components/accountRoles.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import classes from '../../../components/StackedTable.module.css';

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
      <Table.Td data-primary>
        <Group gap="xs">
          <Text size="sm" fw={500}>{name}</Text>
          {member.isOwner && <Badge className={classes.badge} color="indigo" variant="filled" size="sm">Owner</Badge>}
          {member.isSelf && <Badge className={classes.badge} color="teal" variant="light" size="sm">You</Badge>}
        </Group>
      </Table.Td>
      <Table.Td data-label="Email"><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{member.email}</Text></Table.Td>
      <Table.Td data-label="Role">
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
  const feedback = useFeedback();
  const updateRole = useFnMutation('updateMemberRole', ['listAccountMembers', 'listAccountInvitations']);
  const removeMember = useFnMutation('removeMember', ['listAccountMembers', 'getDashboard', 'listAccountInvitations']);
  const busyUid = updateRole.isPending ? updateRole.variables?.memberUid : removeMember.isPending ? removeMember.variables?.memberUid : null;

  const changeRole = (member: MemberView, newRole: InviteRole) => {
    feedback.clear();
    updateRole.mutate({ accountId, memberUid: member.userId, newRole }, {
      onSuccess: (result) => feedback.success(result.message),
      onError: (error) => feedback.failure('Failed to update role', error),
    });
  };

  const remove = (member: MemberView) => {
    const name = member.displayName || member.email;
    if (!window.confirm(`Are you sure you want to remove ${name} from the account?`)) return;
    feedback.clear();
    removeMember.mutate({ accountId, memberUid: member.userId }, {
      onSuccess: (result) => feedback.success(result.message),
      onError: (error) => feedback.failure('Failed to remove member', error),
    });
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">Members ({count})</Title>
      <FeedbackAlert feedback={feedback} closable />
      <Paper withBorder>
        <Table verticalSpacing="sm" aria-label="Account members" className={classes.table}>
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
      </Paper>
    </Stack>
  );
}
