import { Alert, Anchor, Badge, Button, Center, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { FAILED_TO_LOAD_USERS, NO_USERS } from '../../../../common/adminUsersTexts.ts';
import type { AdminUserSummary, SortOrder, UserSortField } from '../../../../common/contracts/adminUsers.ts';
import type { GlobalRole } from '../../../../common/constants.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import classes from '../../../components/StackedTable.module.css';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { GLOBAL_ROLE_LABELS, GLOBAL_ROLE_OPTIONS } from './userLabels.ts';
import { useUserPages } from './useUserPages.ts';

const COLUMNS = ['User', 'Role', 'Status', 'Accounts', 'Created'] as const;

const SORTS: { value: `${UserSortField}.${SortOrder}`; label: string }[] = [
  { value: 'createdAt.desc', label: 'Newest first' },
  { value: 'createdAt.asc', label: 'Oldest first' },
  { value: 'email.asc', label: 'E-mail A to Z' },
  { value: 'email.desc', label: 'E-mail Z to A' },
  { value: 'displayName.asc', label: 'Name A to Z' },
  { value: 'displayName.desc', label: 'Name Z to A' },
];

function UserRow({ user }: { user: AdminUserSummary }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Anchor component={Link} to={`/super-admin/users/${encodeURIComponent(user.id)}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.displayName || user.email}
        </Anchor>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
      </Table.Td>
      <Table.Td data-label="Role">
        <Badge variant="light" color={user.globalRole === 'super_admin' ? 'grape' : 'gray'} className={classes.badge}>
          {GLOBAL_ROLE_LABELS[user.globalRole]}
        </Badge>
      </Table.Td>
      <Table.Td data-label="Status">
        <Group gap={4}>
          {user.disabled
            ? <Badge color="red" variant="light" className={classes.badge}>Disabled</Badge>
            : <Badge color="green" variant="light" className={classes.badge}>Active</Badge>}
          {!user.emailVerified && <Badge color="yellow" variant="outline" className={classes.badge}>Unverified</Badge>}
        </Group>
      </Table.Td>
      <Table.Td data-label="Accounts" ta="right">{user.accountCount}</Table.Td>
      <Table.Td data-label="Created">{formatDate(user.createdAt)}</Table.Td>
    </Table.Tr>
  );
}

function Users() {
  const [email, setEmail] = useState('');
  const [globalRole, setGlobalRole] = useState<GlobalRole | null>(null);
  const [sort, setSort] = useState<(typeof SORTS)[number]['value']>('createdAt.desc');
  const [debouncedEmail] = useDebouncedValue(email, 300);
  // A prefix can match thousands of users: in e-mail order the index answers a page at once, in any
  // other order every match must be read and sorted first (docs/performance.md, back-office lists).
  const searching = debouncedEmail.trim() !== '';
  const sortChoices = searching ? SORTS.filter((option) => option.value.startsWith('email.')) : SORTS;
  const effectiveSort = searching && !sort.startsWith('email.') ? 'email.asc' : sort;
  const [sortBy, sortOrder] = effectiveSort.split('.') as [UserSortField, SortOrder];
  const users = useUserPages({ email: debouncedEmail, globalRole, sortBy, sortOrder });
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];

  let body;
  if (users.isPending) {
    body = <StackedTable label="Users" columns={COLUMNS}><SkeletonRows columns={COLUMNS} count={5} wide={['User']} /></StackedTable>;
  } else if (users.isError && rows.length === 0) {
    body = <LoadFailedAlert onRetry={() => users.refetch()}>{failureText(FAILED_TO_LOAD_USERS, users.error)}</LoadFailedAlert>;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Text ta="center" fw={600}>{NO_USERS}</Text>
      </Paper>
    );
  } else {
    body = (
      <StackedTable label="Users" columns={COLUMNS} numeric={['Accounts']} highlightOnHover>
        {rows.map((user) => <UserRow key={user.id} user={user} />)}
      </StackedTable>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">Users</Title>
        <Text size="sm" c="dimmed">Everyone who signed up. Open a user to edit their details, change their role, reset their password or disable them.</Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="E-mail starts with" placeholder="name@example.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }} type="search"
        />
        <Select
          label="Global role" placeholder="All roles" data={GLOBAL_ROLE_OPTIONS} value={globalRole} clearable
          onChange={(value) => setGlobalRole(value as GlobalRole | null)} style={{ flex: '1 1 150px' }}
        />
        <Select
          label="Sort" data={sortChoices} value={effectiveSort} allowDeselect={false}
          description={searching ? 'In e-mail order while searching by e-mail' : undefined}
          onChange={(value) => value && setSort(value as typeof sort)} style={{ flex: '1 1 150px' }}
        />
      </Group>
      {body}
      {users.isFetchNextPageError && <Alert color="red" role="alert">{failureText(FAILED_TO_LOAD_USERS, users.error)}</Alert>}
      {users.hasNextPage && (
        <Center>
          <Button variant="default" loading={users.isFetchingNextPage} onClick={() => users.fetchNextPage()}>Load more</Button>
        </Center>
      )}
    </Stack>
  );
}

/** /super-admin/users: every user, filtered by e-mail prefix and global role, 25 at a time. */
export default function AdminUsersPage() {
  return <RequireSuperAdmin><Users /></RequireSuperAdmin>;
}
