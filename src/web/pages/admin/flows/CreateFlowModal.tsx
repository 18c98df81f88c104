import { Checkbox, Code, Group, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  ALL_SEVERITIES, failedToCreateFlow, FLOW_LIMITS, FLOW_NAME_REQUIRED, SELECT_WEBHOOK_FIRST,
} from '../../../../common/admin/webhooks/texts.ts';
import type { AdminFlow } from '../../../../common/admin/flows/contract.ts';
import type { Severity } from '../../../../common/events/eventFlows.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';

/** What the new flow starts from: one event type (Create Flow) or a template's patterns and severities. */
export interface FlowDraft {
  name: string;
  description: string;
  patterns: string[];
  severities: Severity[];
  createdBy: 'custom' | 'template';
}

interface CreateFlowModalProps {
  draft: FlowDraft;
  /** The webhooks a flow may target: the active ones. */
  webhooks: { webhookId: string; name: string }[];
  onClose(): void;
  onCreated(flow: AdminFlow): void;
}

/** Create Flow: a name, the active webhook it sends to, and which severities pass. */
export function CreateFlowModal({ draft, webhooks, onClose, onCreated }: CreateFlowModalProps) {
  const save = useFnMutation('saveFlow', ['listFlows']);
  const feedback = useFeedback();
  const [name, setName] = useState(draft.name);
  const [webhookId, setWebhookId] = useState<string | null>(webhooks.length === 1 ? webhooks[0].webhookId : null);
  const [severities, setSeverities] = useState<string[]>(draft.severities);

  const submit = async () => {
    feedback.clear();
    if (!webhookId) return feedback.error(SELECT_WEBHOOK_FIRST);
    if (!name.trim()) return feedback.error(FLOW_NAME_REQUIRED);
    try {
      const result = await save.mutateAsync({
        name, description: draft.description, triggers: draft.patterns.map((eventType) => ({ eventType })),
        actions: [{ webhookId }], filters: { severity: { include: severities as Severity[] } }, createdBy: draft.createdBy,
      });
      onCreated(result.flow);
    } catch (error) {
      feedback.error(failedToCreateFlow(errorDetail(error)));
    }
    return undefined;
  };

  return (
    <FormModal
      title="Create flow" formLabel="Create flow" size="lg" onClose={onClose}
      onSubmit={(e) => { e.preventDefault(); void submit(); }} feedback={feedback} submitLabel="Create flow" submitting={save.isPending}
    >
      <Text size="sm">
        Triggered by {draft.patterns.map((p, i) => <span key={p}>{i > 0 && ', '}<Code>{p}</Code></span>)}
      </Text>
      <TextInput label="Name" required withAsterisk maxLength={FLOW_LIMITS.nameMax} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
      <Select
        label="Webhook" required withAsterisk placeholder="Choose an active webhook" searchable
        data={webhooks.map((w) => ({ value: w.webhookId, label: w.name }))} value={webhookId} onChange={setWebhookId}
        nothingFoundMessage="No active webhook"
      />
      <Checkbox.Group label="Severities" description="Only events of these severities are sent; none ticked sends every severity." value={severities} onChange={setSeverities}>
        <Group mt="xs">{ALL_SEVERITIES.map((s) => <Checkbox key={s} value={s} label={s} />)}</Group>
      </Checkbox.Group>
    </FormModal>
  );
}
