import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { FAILED_TO_LOAD_USERS, NO_USERS, USERS_PAGE_SIZE } from '../../../../common/admin/users/texts.ts';
import { type AdminUserSummary, getAllUsers } from '../../../../common/admin/users/contract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import { columnSort } from '../../../components/resourceList/columnSort.ts';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import type { ListSort, SortOrder } from '../../../components/resourceList/sorting.ts';
import { type SortOption, SortSelect } from '../../../components/resourceList/SortSelect.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import classes from '../../../components/StackedTable.module.css';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';
import { GLOBAL_ROLE_LABELS, GLOBAL_ROLE_OPTIONS } from './userLabels.ts';

const COLUMNS = ['User', 'Role', 'Status', 'Accounts', 'Created'] as const;
const FIELDS = inputFields(getAllUsers.input, ['email', 'globalRole', 'sortBy', 'sortOrder']);

const SORTS: SortOption[] = [
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
        <RowLink to={adminPath('users', user.id)}>{user.displayName || user.email}</RowLink>
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
      <Table.Td data-label="Created"><RelativeTime value={user.createdAt} withTime={false} /></Table.Td>
    </Table.Tr>
  );
}

function Users() {
  const filters = useUrlFilters(FIELDS, { typed: ['email'] });
  const { email, globalRole, sortBy, sortOrder } = filters.values;
  // A prefix can match thousands of users: in e-mail order the index answers a page at once, in any
  // other order every match must be read and sorted first (docs/performance.md, back-office lists).
  const searching = email !== '';
  const effective: ListSort = searching && sortBy !== 'email' ? { sortBy: 'email', sortOrder: 'asc' } : { sortBy, sortOrder: sortOrder as SortOrder };
  const users = useKeysetPages('getAllUsers', { limit: USERS_PAGE_SIZE, email, globalRole, ...effective });
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];

  return (
    <Stack gap="lg">
      <PageHeader title="Users" context="Everyone who signed up. Open a user to edit their details, change their role, reset their password or disable them." />
      <ResourceList
        label="Users" columns={COLUMNS} numeric={['Accounts']} highlightOnHover
        query={users} rows={rows} renderRow={(user) => <UserRow key={user.id} user={user} />}
        skeleton={{ count: 5, wide: ['User'] }}
        failure={failureText(FAILED_TO_LOAD_USERS, users.error)}
        empty={{ title: NO_USERS }}
        filters={filters}
        sort={searching ? undefined : columnSort(filters, { Created: 'createdAt' })}
        toolbar={(
          <ListToolbar label="Filter users">
            <TextInput label="E-mail starts with" placeholder="name@example.com" type="search" style={{ flex: '1 1 240px' }} {...filters.input('email')} />
            <Select label="Global role" placeholder="All roles" data={GLOBAL_ROLE_OPTIONS} clearable style={{ flex: '1 1 150px' }} {...filters.choice('globalRole')} />
            <SortSelect
              options={searching ? SORTS.filter((option) => option.value.startsWith('email.')) : SORTS} current={effective}
              description={searching ? 'In e-mail order while searching by e-mail' : undefined}
              onChange={(sort) => filters.update(() => sort)} style={{ flex: '1 1 150px' }}
            />
          </ListToolbar>
        )}
      />
    </Stack>
  );
}

/** /super-admin/users: every user, filtered by e-mail prefix and global role, 25 at a time. */
export default function AdminUsersPage() {
  return <RequireSuperAdmin><Users /></RequireSuperAdmin>;
}
