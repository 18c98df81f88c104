import { Alert, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { accountSettingsLoadText } from '../../api/errorTexts.ts';
import { useFn } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSession } from '../../session/SessionProvider.tsx';
import { InviteMemberForm } from './settings/InviteMemberForm.tsx';
import { MembersTable } from './settings/MembersTable.tsx';
import { PendingInvitations } from './settings/PendingInvitations.tsx';
import { RemovedMemberTicketAccessCard } from './settings/RemovedMemberTicketAccessCard.tsx';

const NO_PERMISSION = 'You do not have permission to access account settings.';

function Notice({ color = 'red', children }: { color?: string; children: ReactNode }) {
  return <Alert color={color} role="alert">{children}</Alert>;
}

function Members({ accountId }: { accountId: string }) {
  const members = useFn('listAccountMembers', { accountId });
  if (members.isPending) return <Center py="md"><Loader size="sm" aria-label="Loading members" /></Center>;
  if (members.isError) return <Notice>Failed to load account members.</Notice>;
  return <MembersTable accountId={accountId} members={members.data.members} count={members.data.count} />;
}

/** /account-settings: the active account's members and invitations, for its owner and admins. */
export default function AccountSettingsPage() {
  const { activeAccountId } = useSession();
  // Who may see this page is decided by the abilities getAccount returns (owner and account
  // admins), so the rule lives on the server alone.
  const account = useFn('getAccount', { accountId: activeAccountId ?? '' }, { enabled: activeAccountId !== null });

  if (!activeAccountId) return <Notice color="yellow">No active account selected or available.</Notice>;
  if (account.isPending) return <Center py="xl"><Loader aria-label="Loading account" /></Center>;
  if (account.isError) return <Notice>{accountSettingsLoadText(account.error)}</Notice>;
  if (!account.data.abilities.manageSettings) return <Notice color="yellow">{NO_PERMISSION}</Notice>;

  return (
    <Stack maw={960}>
      <PageHeader title={`Account Settings: ${account.data.name}`} context="Who belongs to the account, what each may do, and invitations to new members." />
      <Members accountId={activeAccountId} />
      <PendingInvitations accountId={activeAccountId} />
      <InviteMemberForm accountId={activeAccountId} />
      <RemovedMemberTicketAccessCard accountId={activeAccountId} />
    </Stack>
  );
}
