import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { ServerGroupView, ServerView } from '../../../../common/hosting/serversContract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { GroupFormModal } from './GroupFormModal.tsx';
import { GroupsCard } from './GroupsCard.tsx';
import { ServerCard } from './ServerCard.tsx';
import { ServerFormModal } from './ServerFormModal.tsx';

type Dialog = { kind: 'server'; server: ServerView | null } | { kind: 'group'; group: ServerGroupView | null } | null;

function NoServers({ onAdd }: { onAdd(): void }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>No servers yet.</Text>
        <Text size="sm" c="dimmed">Add the cPanel/WHM, Plesk, DirectAdmin or Proxmox VE servers that hosting products provision on.</Text>
        <Button onClick={onAdd} mt="xs">Add server</Button>
      </Stack>
    </Paper>
  );
}

function Servers() {
  const state = useFn('listHostingServers', {});
  const removeServer = useFnMutation('deleteHostingServer', ['listHostingServers']);
  const removeGroup = useFnMutation('deleteServerGroup', ['listHostingServers']);
  const saveServer = useFnMutation('saveHostingServer', ['listHostingServers']);
  const feedback = useFeedback();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const close = () => setDialog(null);

  const remove = async (id: string, name: string, work: () => Promise<unknown>) => {
    if (!window.confirm(`Delete ${name}?`)) return;
    feedback.clear();
    setBusyId(id);
    try {
      await work();
      feedback.success(`${name} deleted.`);
    } catch (error) {
      feedback.failure('Failed to delete', error);
    } finally {
      setBusyId(null);
    }
  };

  // The stored credentials stay: an edit without them keeps them.
  const toggle = async (server: ServerView) => {
    feedback.clear();
    setBusyId(server.id);
    try {
      const { id, name, panel, groupId, scheme, host, port, verifyTls, maxAccounts, options } = server;
      await saveServer.mutateAsync({ serverId: id, name, panel, groupId, scheme, host, port, verifyTls, maxAccounts, options, enabled: !server.enabled });
      feedback.success(`${name} is now ${server.enabled ? 'disabled' : 'enabled'}.`);
    } catch (error) {
      feedback.failure('Failed to save', error);
    } finally {
      setBusyId(null);
    }
  };

  let body: ReactNode;
  if (state.isPending) {
    body = <Stack aria-busy aria-label="Loading servers">{[0, 1].map((i) => <Skeleton key={i} height={150} />)}</Stack>;
  } else if (state.isError) {
    body = <LoadFailedAlert onRetry={() => state.refetch()}>{failureText('Could not load the servers', state.error)}</LoadFailedAlert>;
  } else {
    const { servers, groups } = state.data;
    body = (
      <Stack gap="md">
        {servers.length === 0 ? <NoServers onAdd={() => setDialog({ kind: 'server', server: null })} /> : servers.map((server) => (
          <ServerCard key={server.id} server={server} busy={busyId === server.id}
            onEdit={() => setDialog({ kind: 'server', server })} onToggle={() => toggle(server)}
            onDelete={() => remove(server.id, server.name, () => removeServer.mutateAsync({ serverId: server.id }))} />
        ))}
        <GroupsCard groups={groups} busyId={busyId} onAdd={() => setDialog({ kind: 'group', group: null })}
          onEdit={(group) => setDialog({ kind: 'group', group })}
          onDelete={(group) => remove(group.id, group.name, () => removeGroup.mutateAsync({ groupId: group.id }))} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Servers"
        context="The hosting panels accounts are created on: where they are, their groups and capacity, and how they answer. Checked every hour."
        actions={<Button onClick={() => setDialog({ kind: 'server', server: null })}>Add server</Button>}
      />
      <FeedbackAlert feedback={feedback} closable />
      {body}
      {dialog?.kind === 'server' && (
        <ServerFormModal key={dialog.server?.id ?? 'new'} server={dialog.server} groups={state.data?.groups ?? []} onClose={close}
          onSaved={(server) => { close(); feedback.success(`${server.name} saved.`); }} />
      )}
      {dialog?.kind === 'group' && (
        <GroupFormModal key={dialog.group?.id ?? 'new'} group={dialog.group} onClose={close}
          onSaved={(group) => { close(); feedback.success(`${group.name} saved.`); }} />
      )}
    </Stack>
  );
}

/** /super-admin/servers: hosting servers, their groups, health and Test Connection. */
export default function AdminServersPage() {
  return <RequireSuperAdmin><Servers /></RequireSuperAdmin>;
}
