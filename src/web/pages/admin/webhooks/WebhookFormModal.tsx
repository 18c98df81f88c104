import { Fieldset, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AUTH_TYPES, BACKOFF_STRATEGIES, failedToSaveWebhook, WEBHOOK_LIMITS, WEBHOOK_METHODS,
} from '../../../../common/admin/webhooks/texts.ts';
import type { AdminWebhook } from '../../../../common/admin/webhooks/contract.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';
import { initialValues, toSaveInput, validate } from './webhookForm.ts';

interface WebhookFormModalProps {
  /** The webhook to edit; null for a new one. */
  webhook: AdminWebhook | null;
  onClose(): void;
  /** `secret` is set on create: the one time it can be shown. */
  onSaved(webhook: AdminWebhook, secret: string | null): void;
}

const AUTH_LABELS: Record<(typeof AUTH_TYPES)[number], string> = { none: 'None', bearer: 'Bearer token', basic: 'Basic (username and password)' };
const ms = { suffix: ' ms', thousandSeparator: ',', allowDecimal: false, allowNegative: false } as const;

/** Create webhook / Edit webhook: every field of the spec with its default. */
export function WebhookFormModal({ webhook, onClose, onSaved }: WebhookFormModalProps) {
  const save = useFnMutation('saveWebhook', ['listWebhooks', 'listFlows']);
  const feedback = useFeedback();
  const form = useForm({ initialValues: initialValues(webhook), validate });
  const v = form.values;
  const stored = webhook?.authentication;

  const submit = form.onSubmit(async (values) => {
    feedback.clear();
    try {
      const result = await save.mutateAsync(toSaveInput(values, webhook?.webhookId ?? null));
      onSaved(result.webhook, result.secret);
    } catch (error) {
      feedback.error(failedToSaveWebhook(errorDetail(error)));
    }
  });

  const title = webhook ? 'Edit webhook' : 'Create webhook';
  return (
    <FormModal
      title={title} formLabel={title} size="xl" onClose={onClose}
      onSubmit={submit} feedback={feedback} submitLabel={webhook ? 'Save webhook' : 'Create webhook'} submitting={save.isPending}
    >
      <TextInput label="Name" required withAsterisk data-autofocus maxLength={WEBHOOK_LIMITS.nameMax} {...form.getInputProps('name')} />
      <TextInput
        label="URL" required withAsterisk placeholder="https://example.com/webhooks" maxLength={WEBHOOK_LIMITS.urlMax}
        description="Internal addresses (loopback, private networks, metadata) are refused unless the operator allows them in WEBHOOK_ALLOWED_HOSTS."
        {...form.getInputProps('url')}
      />
      <Textarea label="Description" autosize minRows={1} maxRows={4} maxLength={WEBHOOK_LIMITS.descriptionMax} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Method" data={[...WEBHOOK_METHODS]} allowDeselect={false} {...form.getInputProps('method')} />
        <Switch mt={{ sm: 'xl' }} label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
      </SimpleGrid>
      <Textarea
        label="Headers (JSON)" autosize minRows={3} maxRows={10} styles={{ input: { fontFamily: 'monospace' } }}
        description='An object of header names and text values, e.g. {"Content-Type": "application/json", "X-Team": "billing"}.'
        {...form.getInputProps('headersText')}
      />
      <Fieldset legend="Authentication">
        <Stack gap="sm">
          <Select
            label="Type" data={AUTH_TYPES.map((value) => ({ value, label: AUTH_LABELS[value] }))} allowDeselect={false}
            {...form.getInputProps('authType')}
          />
          {v.authType === 'bearer' && (
            <PasswordInput
              label="Token" autoComplete="off"
              placeholder={stored?.type === 'bearer' && stored.tokenSet ? 'Leave empty to keep the current token' : undefined}
              {...form.getInputProps('token')}
            />
          )}
          {v.authType === 'basic' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Username" autoComplete="off" {...form.getInputProps('username')} />
              <PasswordInput
                label="Password" autoComplete="new-password"
                placeholder={stored?.type === 'basic' && stored.passwordSet ? 'Leave empty to keep the current password' : undefined}
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
          )}
        </Stack>
      </Fieldset>
      <Fieldset legend="Retry policy">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Max retries" min={0} max={WEBHOOK_LIMITS.maxRetries} allowDecimal={false} allowNegative={false} {...form.getInputProps('maxRetries')} />
          <Select label="Backoff strategy" data={[...BACKOFF_STRATEGIES]} allowDeselect={false} {...form.getInputProps('backoffStrategy')} />
          <NumberInput label="Initial delay" min={WEBHOOK_LIMITS.initialDelayMin} {...ms} {...form.getInputProps('initialDelay')} />
          <NumberInput label="Max delay" min={WEBHOOK_LIMITS.initialDelayMin} {...ms} {...form.getInputProps('maxDelay')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Delivery">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Timeout" min={WEBHOOK_LIMITS.timeoutMin} max={WEBHOOK_LIMITS.timeoutMax} {...ms} {...form.getInputProps('timeout')} />
          <Switch mt={{ sm: 'xl' }} label="Follow redirects" {...form.getInputProps('followRedirects', { type: 'checkbox' })} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Payload transform">
        <Stack gap="sm">
          <Switch label="Send a custom body instead of the standard envelope" {...form.getInputProps('transformEnabled', { type: 'checkbox' })} />
          {(v.transformEnabled || v.template) && (
            <Textarea
              label="Template (JSON)" autosize minRows={4} maxRows={14} styles={{ input: { fontFamily: 'monospace' } }}
              description='"{{type}}" becomes the event type; also id, severity, source, createdAt, accountId, correlationId, payload.… and context.…'
              placeholder={'{\n  "text": "{{type}} on {{payload.domain}}",\n  "data": "{{payload}}"\n}'}
              {...form.getInputProps('template')}
            />
          )}
        </Stack>
      </Fieldset>
    </FormModal>
  );
}
