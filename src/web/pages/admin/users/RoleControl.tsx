import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CANNOT_CHANGE_OWN_ROLE, FAILED_TO_UPDATE_ROLE } from '../../../../common/admin/users/texts.ts';
import type { AdminUserDetails } from '../../../../common/admin/users/contract.ts';
import type { GlobalRole } from '../../../../common/constants.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { GLOBAL_ROLE_LABELS, GLOBAL_ROLE_OPTIONS } from './userLabels.ts';

/** The user's global role; an operator's own role is shown but cannot be changed here. */
export function RoleControl({ user, isSelf }: { user: AdminUserDetails; isSelf: boolean }) {
  const [role, setRole] = useState<GlobalRole>(user.globalRole);
  const change = useFnMutation('updateUserGlobalRole', ['getUserDetails', 'getAllUsers']);
  const feedback = useFeedback();

  const submit = async () => {
    feedback.clear();
    try {
      const done = await change.mutateAsync({ targetUserId: user.id, newGlobalRole: role });
      feedback.success(`${user.email} is now ${GLOBAL_ROLE_LABELS[done.globalRole]}.`);
    } catch (error) {
      feedback.failure(FAILED_TO_UPDATE_ROLE, error);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">Global role</Title>
        <Text size="sm" c="dimmed">Super admins reach this back office and act on every account.</Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="Role" data={GLOBAL_ROLE_OPTIONS} value={role} allowDeselect={false} disabled={isSelf}
            onChange={(value) => value && setRole(value as GlobalRole)} style={{ flex: '1 1 180px' }}
          />
          <Button onClick={submit} loading={change.isPending} disabled={isSelf || role === user.globalRole}>Change role</Button>
        </Group>
        {isSelf && <Text size="sm" c="dimmed">{CANNOT_CHANGE_OWN_ROLE}</Text>}
        <FeedbackAlert feedback={feedback} closable />
      </Stack>
    </Paper>
  );
}
