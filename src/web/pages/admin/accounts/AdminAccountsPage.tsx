import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNTS_LOAD_FAILED, ACCOUNTS_PAGE_SIZE, type AccountSortField, type ActivityLabel, NO_ACCOUNTS_FOUND,
} from '../../../../common/adminAccountsTexts.ts';
import type { AdminAccount } from '../../../../common/contracts/adminAccounts.ts';
import { callFunction } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { formatDate } from '../../../components/dateFormat.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { SkeletonRows, StackedTable } from '../../../components/StackedTable.tsx';
import classes from '../../../components/StackedTable.module.css';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ImpersonateButton } from '../impersonation/ImpersonateButton.tsx';
import { AccountFormModal } from './AccountFormModal.tsx';
import { DeleteAccountModal } from './DeleteAccountModal.tsx';

const COLUMNS = ['Account', 'Owner', 'Members', 'Domains', 'Activity', 'Created', 'Actions'];
const SORTS: { value: string; label: string }[] = [
  { value: 'createdAt.desc', label: 'Newest first' },
  { value: 'createdAt.asc', label: 'Oldest first' },
  { value: 'name.asc', label: 'Name A–Z' },
  { value: 'name.desc', label: 'Name Z–A' },
];
const ACTIVITY_COLORS: Record<ActivityLabel, string> = { 'Very Active': 'green', Active: 'teal', Established: 'blue', Inactive: 'gray' };

interface Filters { name: string; email: string; sort: string }
type Dialog = { kind: 'create' } | { kind: 'edit'; account: AdminAccount } | { kind: 'delete'; account: AdminAccount } | null;

/** Every page of the filtered list; keyed under 'getAllAccounts' so a write refreshes it. */
function useAccountPages(filters: Filters) {
  const [sortBy, sortOrder] = filters.sort.split('.') as [AccountSortField, 'asc' | 'desc'];
  return useInfiniteQuery({
    queryKey: ['getAllAccounts', 'pages', filters],
    queryFn: async ({ pageParam }) => {
      const result = await callFunction('getAllAccounts', {
        limit: ACCOUNTS_PAGE_SIZE, startAfter: pageParam, sortBy, sortOrder,
        ...(filters.name ? { name: filters.name } : {}), ...(filters.email ? { email: filters.email } : {}),
      });
      if (result.shape !== 'page') throw new Error('Unexpected answer');
      return result;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.pagination.nextStartAfter,
  });
}

function AccountRow({ account, onEdit, onDelete }: { account: AdminAccount; onEdit(): void; onDelete(): void }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <Anchor component={Link} to={`/super-admin/accounts/${encodeURIComponent(account.id)}`} style={{ overflowWrap: 'anywhere' }}>{account.name}</Anchor>
        {account.status !== 'active' && <Badge ml="xs" color="orange" variant="light">{account.status}</Badge>}
      </Table.Td>
      <Table.Td data-label="Owner" style={{ overflowWrap: 'anywhere' }}>{account.owner.email}</Table.Td>
      <Table.Td data-label="Members" ta="right">{account.memberCount}</Table.Td>
      <Table.Td data-label="Domains" ta="right">{account.domainCount}</Table.Td>
      <Table.Td data-label="Activity">
        <Badge color={ACTIVITY_COLORS[account.activity]} variant="light" className={classes.badge}>{account.activity}</Badge>
      </Table.Td>
      <Table.Td data-label="Created">{formatDate(account.createdAt)}</Table.Td>
      <Table.Td data-label="Actions">
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${account.name}`}>Edit</Button>
          <ImpersonateButton size="xs" account={account} />
          <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${account.name}`}>Delete</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Accounts() {
  const [draft, setDraft] = useState<Filters>({ name: '', email: '', sort: 'createdAt.desc' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [dialog, setDialog] = useState<Dialog>(null);
  const feedback = useFeedback();
  const pages = useAccountPages(filters);
  const accounts = pages.data?.pages.flatMap((p) => p.accounts) ?? [];

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ name: draft.name.trim(), email: draft.email.trim(), sort: draft.sort });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Accounts</Title>
        <Button onClick={() => { feedback.clear(); setDialog({ kind: 'create' }); }}>Create account</Button>
      </Group>
      <Paper withBorder p="md">
        <form onSubmit={apply} aria-label="Filter accounts">
          <Group align="flex-end" wrap="wrap">
            <TextInput label="Name" placeholder="Part of the name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
            <TextInput label="Email" placeholder="Owner or billing email" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })} />
            <Select label="Sort" data={SORTS} value={draft.sort} allowDeselect={false} onChange={(v) => v && setDraft({ ...draft, sort: v })} />
            <Button type="submit" variant="light">Apply</Button>
          </Group>
        </form>
      </Paper>
      <FeedbackAlert feedback={feedback} closable />
      {pages.isError && <LoadFailedAlert onRetry={() => void pages.refetch()}>{failureText(ACCOUNTS_LOAD_FAILED, pages.error)}</LoadFailedAlert>}
      {pages.isSuccess && accounts.length === 0 ? (
        <Paper withBorder p="xl"><Text ta="center" fw={600} role="status">{NO_ACCOUNTS_FOUND}</Text></Paper>
      ) : !pages.isError && (
        <StackedTable label="Accounts" columns={COLUMNS} numeric={['Members', 'Domains']} highlightOnHover>
          {pages.isPending ? <SkeletonRows columns={COLUMNS} count={5} wide={['Account', 'Owner']} /> : accounts.map((a) => (
            <AccountRow
              key={a.id}
              account={a}
              onEdit={() => { feedback.clear(); setDialog({ kind: 'edit', account: a }); }}
              onDelete={() => { feedback.clear(); setDialog({ kind: 'delete', account: a }); }}
            />
          ))}
        </StackedTable>
      )}
      {pages.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>Load more</Button>
        </Group>
      )}
      {dialog && dialog.kind !== 'delete' && (
        <AccountFormModal
          account={dialog.kind === 'edit' ? dialog.account : null}
          onClose={() => setDialog(null)}
          onSaved={(saved) => { setDialog(null); feedback.success(dialog.kind === 'edit' ? `Saved ${saved.name}.` : `Created ${saved.name}.`); }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteAccountModal account={dialog.account} onClose={() => setDialog(null)} onDeleted={(message) => { setDialog(null); feedback.success(message); }} />
      )}
    </Stack>
  );
}

/** /super-admin/accounts: every customer account, filtered and sorted, 25 at a time; create, edit and delete. */
export default function AdminAccountsPage() {
  return <RequireSuperAdmin><Accounts /></RequireSuperAdmin>;
}
