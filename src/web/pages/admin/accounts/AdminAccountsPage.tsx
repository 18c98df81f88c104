import { Badge, Button, Group, Paper, Stack, Table, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ACCOUNTS_LOAD_FAILED, ACCOUNTS_PAGE_SIZE, type ActivityLabel, NO_ACCOUNTS_FOUND } from '../../../../common/admin/accounts/texts.ts';
import { type AdminAccount, getAllAccounts } from '../../../../common/admin/accounts/contract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RelativeTime } from '../../../components/RelativeTime.tsx';
import type { ColumnSort } from '../../../components/resourceList/ColumnHeader.tsx';
import { columnSort } from '../../../components/resourceList/columnSort.ts';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RowLink } from '../../../components/resourceList/RowLink.tsx';
import { type SortOption, SortSelect } from '../../../components/resourceList/SortSelect.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { type UrlFilters, useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import classes from '../../../components/StackedTable.module.css';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';
import { ImpersonateButton } from '../impersonation/ImpersonateButton.tsx';
import { AccountFormModal } from './AccountFormModal.tsx';
import { DeleteAccountModal } from './DeleteAccountModal.tsx';
import { accountStatusLabel } from '../../../components/labels.ts';

const COLUMNS = ['Account', 'Owner', 'Members', 'Domains', 'Activity', 'Created', 'Actions'];
const FIELD_KEYS = ['name', 'email', 'sortBy', 'sortOrder'] as const;
const FIELDS = inputFields(getAllAccounts.input, FIELD_KEYS);
/** The server's own order when none is asked for. */
const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' };
const SORTABLE = { Account: 'name', Created: 'createdAt' };
const SORTS: SortOption[] = [
  { value: 'createdAt.desc', label: 'Newest first' },
  { value: 'createdAt.asc', label: 'Oldest first' },
  { value: 'name.asc', label: 'Name A–Z' },
  { value: 'name.desc', label: 'Name Z–A' },
];
const ACTIVITY_COLORS: Record<ActivityLabel, string> = { 'Very Active': 'green', Active: 'teal', Established: 'blue', Inactive: 'gray' };

type Dialog = { kind: 'create' } | { kind: 'edit'; account: AdminAccount } | { kind: 'delete'; account: AdminAccount } | null;

function AccountRow({ account, onEdit, onDelete }: { account: AdminAccount; onEdit(): void; onDelete(): void }) {
  return (
    <Table.Tr>
      <Table.Td data-primary>
        <RowLink to={adminPath('accounts', account.id)}>{account.name}</RowLink>
        {account.status !== 'active' && <Badge ml="xs" color="orange" variant="light">{accountStatusLabel(account.status)}</Badge>}
      </Table.Td>
      <Table.Td data-label="Owner" style={{ overflowWrap: 'anywhere' }}>{account.owner.email}</Table.Td>
      <Table.Td data-label="Members" ta="right">{account.memberCount}</Table.Td>
      <Table.Td data-label="Domains" ta="right">{account.domainCount}</Table.Td>
      <Table.Td data-label="Activity">
        <Badge color={ACTIVITY_COLORS[account.activity]} variant="light" className={classes.badge}>{account.activity}</Badge>
      </Table.Td>
      <Table.Td data-label="Created"><RelativeTime value={account.createdAt} withTime={false} /></Table.Td>
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

/** Name and e-mail apply together, from the form; the sort at once. */
function AccountFilterForm({ filters, sort }: { filters: UrlFilters<(typeof FIELD_KEYS)[number]>; sort: ColumnSort }) {
  const [draft, setDraft] = useState({ name: filters.values.name, email: filters.values.email });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    filters.update(() => draft);
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={apply} aria-label="Filter accounts">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Name" placeholder="Part of the name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
          <TextInput label="Email" placeholder="Owner or billing email" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })} />
          <SortSelect options={SORTS} current={sort.current} onChange={(next) => filters.update(() => next)} />
          <Button type="submit" variant="light">Apply</Button>
        </Group>
      </form>
    </Paper>
  );
}

function Accounts() {
  const filters = useUrlFilters(FIELDS, { defaults: DEFAULT_SORT });
  const [dialog, setDialog] = useState<Dialog>(null);
  const feedback = useFeedback();
  const pages = useKeysetPages('getAllAccounts', { limit: ACCOUNTS_PAGE_SIZE, ...filters.values });
  // With a limit the answer is always a page; the other shape is the pickers' plain list.
  const accounts = pages.data?.pages.flatMap((p) => (p.shape === 'page' ? p.accounts : [])) ?? [];
  const sort = columnSort(filters, SORTABLE);
  const open = (next: Dialog) => {
    feedback.clear();
    setDialog(next);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Accounts" context="Every customer account, 25 at a time. Open one for its members and domains, or act as it to see what its people see."
        actions={<Button onClick={() => open({ kind: 'create' })}>Create account</Button>}
      />
      <ResourceList
        label="Accounts" columns={COLUMNS} numeric={['Members', 'Domains']} highlightOnHover
        query={pages} rows={accounts}
        renderRow={(a) => <AccountRow key={a.id} account={a} onEdit={() => open({ kind: 'edit', account: a })} onDelete={() => open({ kind: 'delete', account: a })} />}
        skeleton={{ count: 5, wide: ['Account', 'Owner'] }}
        failure={failureText(ACCOUNTS_LOAD_FAILED, pages.error)}
        empty={{ title: NO_ACCOUNTS_FOUND }}
        filters={filters}
        sort={sort}
        toolbar={(
          <>
            <AccountFilterForm key={`${filters.values.name}|${filters.values.email}`} filters={filters} sort={sort} />
            <FeedbackAlert feedback={feedback} closable />
          </>
        )}
      />
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
