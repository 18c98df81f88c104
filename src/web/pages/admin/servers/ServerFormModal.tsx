import { NumberInput, PasswordInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PANEL_DEFAULT_PORTS, PANEL_KINDS, PANEL_NAMES, type PanelKind } from '../../../../common/hosting/panels.ts';
import type { CredentialsInput, ServerGroupView, ServerView } from '../../../../common/hosting/serversContract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';

interface ServerFormModalProps {
  /** The server to edit; null to add one. */
  server: ServerView | null;
  groups: ServerGroupView[];
  onClose(): void;
  onSaved(server: ServerView): void;
}

/** The fields each panel's credentials take (PanelCredentials); the secret one is never filled in again. */
const CREDENTIAL_FIELDS: Record<PanelKind, { user: string; userLabel: string; secret: string; secretLabel: string }> = {
  cpanel: { user: 'username', userLabel: 'WHM user', secret: 'apiToken', secretLabel: 'API token' },
  plesk: { user: 'login', userLabel: 'Login (empty with a secret key)', secret: 'secret', secretLabel: 'Secret key, or the login\'s password' },
  directadmin: { user: 'username', userLabel: 'Admin user', secret: 'loginKey', secretLabel: 'Login key' },
  proxmox: { user: 'tokenId', userLabel: 'Token ID (USER@REALM!TOKENID)', secret: 'secret', secretLabel: 'Token secret' },
};

function credentialsOf(panel: PanelKind, user: string, secret: string): CredentialsInput | undefined {
  if (secret === '') return undefined;
  switch (panel) {
    case 'cpanel': return { kind: 'cpanel', username: user, apiToken: secret };
    case 'plesk': return user.trim() ? { kind: 'plesk', login: user, password: secret } : { kind: 'plesk', secretKey: secret };
    case 'directadmin': return { kind: 'directadmin', username: user, loginKey: secret };
    case 'proxmox': return { kind: 'proxmox', tokenId: user, secret };
  }
}

/** Add server / Edit server: where the panel is and how to sign in to it; the server checks every field. */
export function ServerFormModal({ server, groups, onClose, onSaved }: ServerFormModalProps) {
  const save = useFnMutation('saveHostingServer', ['listHostingServers']);
  const feedback = useFeedback();
  const form = useForm({
    initialValues: {
      name: server?.name ?? '',
      panel: (server?.panel ?? 'cpanel') as PanelKind,
      groupId: server?.groupId ?? null as string | null,
      scheme: server?.scheme ?? 'https',
      host: server?.host ?? '',
      port: server?.port ?? PANEL_DEFAULT_PORTS.cpanel as number | string,
      verifyTls: server?.verifyTls ?? true,
      maxAccounts: server?.maxAccounts ?? '' as number | string,
      enabled: server?.enabled ?? true,
      displayHost: server?.options.displayHost ?? '',
      sharedIp: server?.options.sharedIp ?? '',
      node: server?.options.node ?? '',
      storage: server?.options.storage ?? '',
      user: '',
      secret: '',
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required.'),
      host: (v) => (v.trim() ? null : 'Host is required.'),
      secret: (v) => (!server && v === '' ? 'Enter the credentials for a new server.' : null),
    },
  });
  const panel = form.values.panel;
  const fields = CREDENTIAL_FIELDS[panel];

  const submit = form.onSubmit(async (values) => {
    feedback.clear();
    try {
      const result = await save.mutateAsync({
        ...(server ? { serverId: server.id } : {}),
        name: values.name.trim(), panel: values.panel, groupId: values.groupId, scheme: values.scheme as 'https' | 'http', host: values.host.trim(),
        port: Number(values.port), verifyTls: values.verifyTls, enabled: values.enabled,
        maxAccounts: values.maxAccounts === '' ? null : Number(values.maxAccounts),
        options: {
          displayHost: values.displayHost.trim() || undefined,
          sharedIp: values.panel === 'plesk' ? values.sharedIp.trim() || undefined : undefined,
          node: values.panel === 'proxmox' ? values.node.trim() || undefined : undefined,
          storage: values.panel === 'proxmox' ? values.storage.trim() || undefined : undefined,
        },
        credentials: credentialsOf(values.panel, values.user.trim(), values.secret),
      });
      onSaved(result.server);
    } catch (error) {
      feedback.failure('Failed to save', error);
    }
  });

  const title = server ? `Edit ${server.name}` : 'Add server';
  return (
    <FormModal title={title} formLabel={title} size="lg" onClose={onClose} onSubmit={submit} feedback={feedback}
      submitLabel={server ? 'Save server' : 'Add server'} submitting={form.submitting}>
      <TextInput label="Name" required withAsterisk data-autofocus {...form.getInputProps('name')} />
      <Select label="Panel type" data={PANEL_KINDS.map((k) => ({ value: k, label: PANEL_NAMES[k] }))} allowDeselect={false}
        {...form.getInputProps('panel')}
        onChange={(value) => {
          if (!value) return;
          form.setFieldValue('panel', value as PanelKind);
          form.setFieldValue('port', PANEL_DEFAULT_PORTS[value as PanelKind]);
        }} />
      <Select label="Server group" placeholder="No group" clearable data={groups.map((g) => ({ value: g.id, label: g.name }))} {...form.getInputProps('groupId')} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>Scheme</Text>
        <SegmentedControl data={['https', 'http']} {...form.getInputProps('scheme')} aria-label="Scheme" />
      </Stack>
      <TextInput label="Host" description="A host name or IP address, without https:// or a path." required withAsterisk {...form.getInputProps('host')} />
      <NumberInput label="Port" min={1} max={65535} allowDecimal={false} {...form.getInputProps('port')} />
      <Switch label="Verify the TLS certificate (off accepts a panel's self-signed one)" {...form.getInputProps('verifyTls', { type: 'checkbox' })} />
      <NumberInput label="Max accounts" description="Empty: no limit of ours." min={1} allowDecimal={false} {...form.getInputProps('maxAccounts')} />
      <TextInput label="Display host" description="The name customers see (the host when empty)." {...form.getInputProps('displayHost')} />
      {panel === 'plesk' && <TextInput label="Shared IP" description="The IP new webspaces get (the panel's first shared IP when empty)." {...form.getInputProps('sharedIp')} />}
      {panel === 'proxmox' && <TextInput label="Node" description="The node VMs are cloned on." {...form.getInputProps('node')} />}
      {panel === 'proxmox' && <TextInput label="Storage" description="The storage for full clones." {...form.getInputProps('storage')} />}
      <Switch label="Enabled (new accounts may be placed here)" {...form.getInputProps('enabled', { type: 'checkbox' })} />
      <Text size="sm" fw={600} mt="xs">Credentials</Text>
      <Text size="xs" c="dimmed">
        {server ? 'Stored encrypted and never shown again. Leave empty to keep the stored ones.' : 'Stored encrypted and never shown again.'}
      </Text>
      <TextInput label={fields.userLabel} autoComplete="off" {...form.getInputProps('user')} />
      <PasswordInput label={fields.secretLabel} autoComplete="new-password" {...form.getInputProps('secret')} />
    </FormModal>
  );
}
