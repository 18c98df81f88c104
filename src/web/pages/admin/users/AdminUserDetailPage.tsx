import { Anchor, Badge, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { NO_ACCOUNT_TO_IMPERSONATE } from '../../../../common/admin/impersonation/texts.ts';
import { FAILED_TO_LOAD_USER } from '../../../../common/admin/users/texts.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ImpersonateButton } from '../impersonation/ImpersonateButton.tsx';
import { useSession } from '../../../session/SessionProvider.tsx';
import { AccessActions } from './AccessActions.tsx';
import { RoleControl } from './RoleControl.tsx';
import { UserDetailsForm } from './UserDetailsForm.tsx';
import { Memberships, RecentOrders } from './UserRelations.tsx';
import { GLOBAL_ROLE_LABELS } from './userLabels.ts';

function UserDetail({ userId }: { userId: string }) {
  const details = useFn('getUserDetails', { userId });
  const { user: me } = useSession();

  let body;
  if (details.isPending) {
    body = <Stack aria-busy aria-label="Loading user">{[0, 1, 2].map((i) => <Skeleton key={i} height={120} />)}</Stack>;
  } else if (details.isError) {
    body = <LoadFailedAlert onRetry={() => details.refetch()}>{failureText(FAILED_TO_LOAD_USER, details.error)}</LoadFailedAlert>;
  } else {
    const { user } = details.data;
    const isSelf = me?.id === user.id;
    // Issue 8: impersonating a user means acting as their first account.
    const firstAccount = user.memberships[0];
    body = (
      <Stack gap="lg">
        <PageHeader
          title={user.displayName || user.email}
          badges={(
            <>
              <Badge variant="light" color={user.globalRole === 'super_admin' ? 'grape' : 'gray'}>{GLOBAL_ROLE_LABELS[user.globalRole]}</Badge>
              {user.auth.disabled && <Badge color="red" variant="light">Disabled</Badge>}
            </>
          )}
          context={`${user.email} · signed up ${formatDate(user.createdAt)}`}
          actions={(
            <ImpersonateButton
              size="xs" disabledReason={NO_ACCOUNT_TO_IMPERSONATE}
              account={firstAccount ? { id: firstAccount.accountId, name: firstAccount.accountName } : null}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <UserDetailsForm key={user.id} user={user} />
          <Stack gap="lg">
            <RoleControl key={user.id} user={user} isSelf={isSelf} />
            <AccessActions user={user} isSelf={isSelf} />
          </Stack>
        </SimpleGrid>
        <Memberships user={user} />
        <RecentOrders user={user} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/super-admin/users" size="sm">← All users</Anchor>
      {body}
    </Stack>
  );
}

/** /super-admin/users/{userId}: one user's details, role, sign-in and access, memberships and orders. */
export default function AdminUserDetailPage() {
  const { userId = '' } = useParams();
  return <RequireSuperAdmin><UserDetail userId={userId} /></RequireSuperAdmin>;
}
