import { Anchor, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONFIRM_BULK_DELETE_WEBHOOKS, failedToDeleteWebhook, failedToDuplicateWebhook, failedToUpdateWebhook, NO_WEBHOOKS, NO_WEBHOOKS_HINT, NO_WEBHOOKS_MATCH, SECRET_ROTATED, SECRET_SHOWN_ONCE, WEBHOOKS_LOAD_FAILED, type WebhookStatusFilter } from '../../../../common/admin/webhooks/texts.ts';
import type { AdminWebhook } from '../../../../common/admin/webhooks/contract.ts';
import { liveTopics } from '../../../../common/live.ts';
import { errorDetail, failureText } from '../../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { useLiveTopic } from '../../../api/useLiveTopic.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ConfirmDeleteModal } from './ConfirmDeleteModal.tsx';
import { SecretModal } from './SecretModal.tsx';
import { WebhookFormModal } from './WebhookFormModal.tsx';
import { WEBHOOK_COLUMNS, WEBHOOK_NUMERIC, WebhookRow } from './WebhookRow.tsx';

type Dialog =
  | { kind: 'form'; webhook: AdminWebhook | null }
  | { kind: 'secret'; name: string; secret: string; message: string }
  | { kind: 'delete'; ids: string[] }
  | null;

const refreshes = ['listWebhooks', 'listFlows'] as const;

function Webhooks() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<WebhookStatusFilter>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const feedback = useFeedback();
  // One request when typing pauses, not one per key.
  const [typed] = useDebouncedValue(search.trim(), 250);
  const input = { search: typed || null, status };
  const list = useFn('listWebhooks', input, { placeholderData: (previous) => previous });
  useLiveTopic(list.isSuccess ? liveTopics.adminEvents() : null, ['listWebhooks']);
  const setActive = useFnMutation('setWebhooksActive', [...refreshes]);
  const remove = useFnMutation('deleteWebhooks', [...refreshes]);
  const duplicate = useFnMutation('duplicateWebhook', [...refreshes]);
  const rotate = useFnMutation('rotateWebhookSecret', [...refreshes]);

  const webhooks = list.data?.webhooks ?? [];
  const visibleSelected = webhooks.filter((w) => selected.has(w.webhookId)).map((w) => w.webhookId);
  const allSelected = webhooks.length > 0 && visibleSelected.length === webhooks.length;
  const toggleOne = (id: string) => setSelected((s) => { const next = new Set(s); if (!next.delete(id)) next.add(id); return next; });
  const filtered = Boolean(input.search) || status !== 'all';

  const activate = async (ids: string[], isActive: boolean) => {
    feedback.clear();
    try {
      const result = await setActive.mutateAsync({ webhookIds: ids, isActive });
      feedback.success(`${result.updated} webhook${result.updated === 1 ? '' : 's'} ${isActive ? 'activated' : 'deactivated'}.`);
    } catch (error) {
      feedback.error(failedToUpdateWebhook(errorDetail(error)));
    }
  };
  const confirmDelete = async (ids: string[]) => {
    feedback.clear();
    try {
      const result = await remove.mutateAsync({ webhookIds: ids });
      setSelected(new Set());
      feedback.success(`${result.deleted} webhook${result.deleted === 1 ? '' : 's'} deleted${result.flowsChanged ? `; ${result.flowsChanged} flow${result.flowsChanged === 1 ? '' : 's'} no longer send to ${result.deleted === 1 ? 'it' : 'them'}` : ''}.`);
    } catch (error) {
      feedback.error(failedToDeleteWebhook(errorDetail(error)));
    }
    setDialog(null);
  };
  const copy = async (w: AdminWebhook) => {
    feedback.clear();
    try {
      const result = await duplicate.mutateAsync({ webhookId: w.webhookId });
      feedback.success(`Created ${result.webhook.name}, inactive until you switch it on.`);
      setDialog({ kind: 'secret', name: result.webhook.name, secret: result.secret, message: SECRET_SHOWN_ONCE });
    } catch (error) {
      feedback.error(failedToDuplicateWebhook(errorDetail(error)));
    }
  };
  const rotateSecret = async (w: AdminWebhook) => {
    feedback.clear();
    try {
      const result = await rotate.mutateAsync({ webhookId: w.webhookId });
      setDialog({ kind: 'secret', name: w.name, secret: result.secret, message: SECRET_ROTATED(formatDateTime(result.previousSecretExpiresAt)) });
    } catch (error) {
      feedback.error(failedToUpdateWebhook(errorDetail(error)));
    }
  };
  const busy = setActive.isPending || remove.isPending;

  return (
    <Stack>
      <PageHeader
        title="Webhooks"
        context={<>Addresses that receive the platform&apos;s events, signed (Standard Webhooks). <Anchor component={Link} to="/super-admin/events/flows" underline="always">Flows</Anchor> choose which events go where.</>}
        actions={<Button onClick={() => { feedback.clear(); setDialog({ kind: 'form', webhook: null }); }}>Create webhook</Button>}
      />
      <ResourceList
        label="Webhooks" columns={WEBHOOK_COLUMNS} numeric={WEBHOOK_NUMERIC} highlightOnHover
        query={list} rows={webhooks} renderRow={(w) => (
          <WebhookRow
            key={w.webhookId}
            webhook={w}
            selected={selected.has(w.webhookId)}
            busy={busy}
            onSelect={() => toggleOne(w.webhookId)}
            onEdit={() => { feedback.clear(); setDialog({ kind: 'form', webhook: w }); }}
            onDuplicate={() => void copy(w)}
            onToggle={() => void activate([w.webhookId], !w.isActive)}
            onRotate={() => void rotateSecret(w)}
            onDelete={() => setDialog({ kind: 'delete', ids: [w.webhookId] })}
          />
        )}
        skeleton={{ count: 4, wide: ['Webhook'] }}
        failure={failureText(WEBHOOKS_LOAD_FAILED, list.error)}
        empty={filtered ? { title: NO_WEBHOOKS_MATCH } : {
          title: NO_WEBHOOKS, hint: NO_WEBHOOKS_HINT,
          actions: <Button onClick={() => setDialog({ kind: 'form', webhook: null })}>Create your first webhook</Button>,
        }}
        toolbar={(
          <>
            <Paper withBorder p="md">
              <Group align="flex-end" wrap="wrap" justify="space-between">
                <Group align="flex-end" wrap="wrap">
                  <TextInput label="Search" placeholder="Name or URL" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={{ base: '100%', sm: 280 }} />
                  <SegmentedControl
                    aria-label="Status" value={status} onChange={(value) => setStatus(value as WebhookStatusFilter)}
                    data={[{ value: 'all', label: 'All' }, { value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }]}
                  />
                </Group>
                <Group gap="xs" wrap="wrap">
                  <Checkbox
                    label="Select all" checked={allSelected} indeterminate={visibleSelected.length > 0 && !allSelected} disabled={webhooks.length === 0}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(webhooks.map((w) => w.webhookId)))}
                  />
                  <Button size="xs" variant="light" disabled={!visibleSelected.length || busy} onClick={() => void activate(visibleSelected, true)}>Activate</Button>
                  <Button size="xs" variant="light" disabled={!visibleSelected.length || busy} onClick={() => void activate(visibleSelected, false)}>Deactivate</Button>
                  <Button size="xs" variant="light" color="red" disabled={!visibleSelected.length || busy} onClick={() => setDialog({ kind: 'delete', ids: visibleSelected })}>
                    Delete{visibleSelected.length ? ` (${visibleSelected.length})` : ''}
                  </Button>
                </Group>
              </Group>
            </Paper>
            <FeedbackAlert feedback={feedback} closable />
          </>
        )}
      />
      {list.data?.truncated && <Text size="sm" c="dimmed">Showing the newest {webhooks.length}; search to find others.</Text>}
      {dialog?.kind === 'form' && (
        <WebhookFormModal
          webhook={dialog.webhook}
          onClose={() => setDialog(null)}
          onSaved={(saved, secret) => {
            feedback.success(dialog.webhook ? `Saved ${saved.name}.` : `Created ${saved.name}.`);
            setDialog(secret ? { kind: 'secret', name: saved.name, secret, message: SECRET_SHOWN_ONCE } : null);
          }}
        />
      )}
      {dialog?.kind === 'secret' && <SecretModal webhookName={dialog.name} secret={dialog.secret} message={dialog.message} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteModal
          title={dialog.ids.length === 1 ? 'Delete webhook' : 'Delete webhooks'}
          question={CONFIRM_BULK_DELETE_WEBHOOKS(dialog.ids.length)}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete(dialog.ids)}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** /super-admin/events/webhooks: search, filter, bulk actions, the create/edit modal, health and statistics, live. */
export default function WebhooksPage() {
  return <RequireSuperAdmin><Webhooks /></RequireSuperAdmin>;
}
