import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CATALOG_LOAD_FAILED, FAILED_TO_DELETE_FLOW, FAILED_TO_DUPLICATE_FLOW, FAILED_TO_UPDATE_FLOW, FLOW_CREATED, FLOW_DELETED, FLOW_DUPLICATED,
  FLOWS_LOAD_FAILED, NO_ACTIVE_WEBHOOK_HINT, NO_FLOWS, NO_FLOWS_HINT, WEBHOOKS_LOAD_FAILED,
} from '../../../../common/admin/webhooks/texts.ts';
import type { AdminFlow } from '../../../../common/admin/flows/contract.ts';
import { liveTopics } from '../../../../common/live.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { useLiveTopic } from '../../../api/useLiveTopic.ts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ConfirmDeleteModal } from '../webhooks/ConfirmDeleteModal.tsx';
import { CreateFlowModal, type FlowDraft } from './CreateFlowModal.tsx';
import { EventCatalogue } from './EventCatalogue.tsx';
import { FLOW_COLUMNS, FLOW_NUMERIC, FlowRow } from './FlowRow.tsx';
import { QuickSetupFlowsButton } from './QuickSetupFlowsButton.tsx';
import { TemplatesModal } from './TemplatesModal.tsx';

type Dialog = { kind: 'create'; draft: FlowDraft } | { kind: 'templates' } | { kind: 'delete'; flow: AdminFlow } | null;

const WEBHOOKS_PAGE = '/super-admin/events/webhooks';

function FlowDesigner() {
  const flows = useFn('listFlows', {});
  const webhooks = useFn('listWebhooks', { status: 'active' });
  const catalog = useFn('getEventCatalog', {}, { staleTime: Infinity });
  useLiveTopic(flows.isSuccess ? liveTopics.adminEvents() : null, ['listFlows'], ['listWebhooks']);
  const [dialog, setDialog] = useState<Dialog>(null);
  const feedback = useFeedback();
  const toggle = useFnMutation('setFlowActive', ['listFlows']);
  const duplicate = useFnMutation('duplicateFlow', ['listFlows']);
  const remove = useFnMutation('deleteFlow', ['listFlows']);

  const active = (webhooks.data?.webhooks ?? []).map((w) => ({ webhookId: w.webhookId, name: w.name }));
  const noWebhook = webhooks.isSuccess && active.length === 0;
  const list = flows.data?.flows ?? [];

  const run = async (action: () => Promise<unknown>, success: string | null, failure: string) => {
    feedback.clear();
    try {
      await action();
      if (success) feedback.success(success);
    } catch (error) {
      feedback.failure(failure, error);
    }
  };

  return (
    <Stack>
      <PageHeader
        title="Flow Designer" context="Flows send the events that match their triggers and filters to webhooks."
        actions={(
          <>
            <QuickSetupFlowsButton variant="default" onResult={(r) => (r.ok ? feedback.success(r.text) : feedback.error(r.text))} />
            <Button onClick={() => { feedback.clear(); setDialog({ kind: 'templates' }); }} disabled={noWebhook}>Templates</Button>
          </>
        )}
      />
      <FeedbackAlert feedback={feedback} closable />
      {webhooks.isError && <LoadFailedAlert onRetry={() => void webhooks.refetch()}>{failureText(WEBHOOKS_LOAD_FAILED, webhooks.error)}</LoadFailedAlert>}
      {noWebhook && (
        <Alert color="blue" title="Create a webhook first">
          <Group justify="space-between" wrap="wrap">
            <span>{NO_ACTIVE_WEBHOOK_HINT}</span>
            <Button component={Link} to={WEBHOOKS_PAGE} size="xs">Create a webhook first</Button>
          </Group>
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={2} size="h3">Flows</Title>
        <ResourceList
          label="Flows" columns={FLOW_COLUMNS} numeric={FLOW_NUMERIC} highlightOnHover
          query={flows} rows={list} renderRow={(f) => (
            <FlowRow
              key={f.flowId}
              flow={f}
              busy={toggle.isPending}
              onToggle={() => void run(() => toggle.mutateAsync({ flowId: f.flowId, isActive: !f.isActive }), null, FAILED_TO_UPDATE_FLOW)}
              onDuplicate={() => void run(() => duplicate.mutateAsync({ flowId: f.flowId }), FLOW_DUPLICATED, FAILED_TO_DUPLICATE_FLOW)}
              onDelete={() => setDialog({ kind: 'delete', flow: f })}
            />
          )}
          skeleton={{ count: 3, wide: ['Flow'] }}
          failure={failureText(FLOWS_LOAD_FAILED, flows.error)}
          empty={{
            title: NO_FLOWS,
            hint: noWebhook ? NO_ACTIVE_WEBHOOK_HINT : NO_FLOWS_HINT,
            actions: noWebhook
              ? <Anchor component={Link} to={WEBHOOKS_PAGE}>Create a webhook first</Anchor>
              : <><QuickSetupFlowsButton onResult={(r) => (r.ok ? feedback.success(r.text) : feedback.error(r.text))} /><Button variant="default" onClick={() => setDialog({ kind: 'templates' })}>Templates</Button></>,
          }}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">Event catalogue</Title>
        {catalog.isError ? <LoadFailedAlert onRetry={() => void catalog.refetch()}>{failureText(CATALOG_LOAD_FAILED, catalog.error)}</LoadFailedAlert> : (
          <EventCatalogue
            catalog={catalog.data}
            loading={catalog.isPending}
            canCreate={!noWebhook}
            onCreate={(type) => { feedback.clear(); setDialog({ kind: 'create', draft: { name: `${type} flow`, description: '', patterns: [type], severities: [], createdBy: 'custom' } }); }}
          />
        )}
      </Stack>
      {dialog?.kind === 'templates' && (
        <TemplatesModal
          onClose={() => setDialog(null)}
          onChoose={(t) => setDialog({ kind: 'create', draft: { name: t.name, description: t.description, patterns: t.patterns, severities: t.severities, createdBy: 'template' } })}
        />
      )}
      {dialog?.kind === 'create' && (
        <CreateFlowModal
          draft={dialog.draft}
          webhooks={active}
          onClose={() => setDialog(null)}
          onCreated={() => { setDialog(null); feedback.success(FLOW_CREATED); }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteModal
          title="Delete flow"
          question={`Delete the flow "${dialog.flow.name}"? Its webhooks stay; deliveries already queued still go out.`}
          busy={remove.isPending}
          onConfirm={() => { const { flowId } = dialog.flow; setDialog(null); void run(() => remove.mutateAsync({ flowId }), FLOW_DELETED, FAILED_TO_DELETE_FLOW); }}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** /super-admin/events/flows: the event catalogue with Create Flow, the flows, Templates and Quick Setup; live. */
export default function FlowDesignerPage() {
  return <RequireSuperAdmin><FlowDesigner /></RequireSuperAdmin>;
}
