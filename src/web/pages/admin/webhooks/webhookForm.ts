import {
  type AuthType, type BackoffStrategy, HEADERS_INVALID_JSON, HEADERS_NOT_OBJECT, NAME_AND_URL_REQUIRED, TEMPLATE_INVALID_JSON, TEMPLATE_REQUIRED,
  WEBHOOK_DEFAULTS, type WebhookMethod,
} from '../../../../common/admin/webhooks/texts.ts';
import type { AdminWebhook } from '../../../../common/admin/webhooks/contract.ts';
import type { FnInput } from '../../../api/client.ts';

/** The form's fields: headers and template as the JSON text the operator types. */
export interface WebhookFormValues {
  name: string;
  description: string;
  url: string;
  method: WebhookMethod;
  isActive: boolean;
  headersText: string;
  authType: AuthType;
  token: string;
  username: string;
  password: string;
  maxRetries: number;
  backoffStrategy: BackoffStrategy;
  initialDelay: number;
  maxDelay: number;
  transformEnabled: boolean;
  template: string;
  timeout: number;
  followRedirects: boolean;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** A new webhook starts from the spec's defaults; an existing one from its settings (credentials are never sent back). */
export function initialValues(webhook: AdminWebhook | null): WebhookFormValues {
  const auth = webhook?.authentication;
  return {
    name: webhook?.name ?? '',
    description: webhook?.description ?? '',
    url: webhook?.url ?? '',
    method: webhook?.method ?? WEBHOOK_DEFAULTS.method,
    isActive: webhook?.isActive ?? true,
    headersText: pretty(webhook?.headers ?? WEBHOOK_DEFAULTS.headers),
    authType: auth?.type ?? WEBHOOK_DEFAULTS.authentication,
    token: '',
    username: auth?.type === 'basic' ? auth.username : '',
    password: '',
    maxRetries: webhook?.retryPolicy.maxRetries ?? WEBHOOK_DEFAULTS.maxRetries,
    backoffStrategy: webhook?.retryPolicy.backoffStrategy ?? WEBHOOK_DEFAULTS.backoffStrategy,
    initialDelay: webhook?.retryPolicy.initialDelay ?? WEBHOOK_DEFAULTS.initialDelay,
    maxDelay: webhook?.retryPolicy.maxDelay ?? WEBHOOK_DEFAULTS.maxDelay,
    transformEnabled: webhook?.payloadTransform.enabled ?? WEBHOOK_DEFAULTS.payloadTransform,
    template: webhook?.payloadTransform.template ?? '',
    timeout: webhook?.config.timeout ?? WEBHOOK_DEFAULTS.timeout,
    followRedirects: webhook?.config.followRedirects ?? WEBHOOK_DEFAULTS.followRedirects,
  };
}

/** Headers typed as JSON: only an object of text values is accepted (spec §5: only valid JSON). */
export function parseHeaders(text: string): { headers: Record<string, string> } | { error: string } {
  if (!text.trim()) return { headers: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: HEADERS_INVALID_JSON };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) {
    return { error: HEADERS_NOT_OBJECT };
  }
  return { headers: value as Record<string, string> };
}

export function validate(values: WebhookFormValues): Partial<Record<keyof WebhookFormValues, string>> {
  const errors: Partial<Record<keyof WebhookFormValues, string>> = {};
  if (!values.name.trim()) errors.name = NAME_AND_URL_REQUIRED;
  if (!values.url.trim()) errors.url = NAME_AND_URL_REQUIRED;
  const headers = parseHeaders(values.headersText);
  if ('error' in headers) errors.headersText = headers.error;
  if (values.transformEnabled && !values.template.trim()) errors.template = TEMPLATE_REQUIRED;
  if (values.template.trim()) {
    try { JSON.parse(values.template); } catch { errors.template = TEMPLATE_INVALID_JSON; }
  }
  return errors;
}

/** The saveWebhook input; empty token or password fields keep the stored ones (the server's rule). */
export function toSaveInput(values: WebhookFormValues, webhookId: string | null): FnInput<'saveWebhook'> {
  const headers = parseHeaders(values.headersText);
  const authentication = values.authType === 'bearer' ? { type: 'bearer' as const, ...(values.token ? { token: values.token } : {}) }
    : values.authType === 'basic' ? { type: 'basic' as const, username: values.username, ...(values.password ? { password: values.password } : {}) }
      : { type: 'none' as const };
  return {
    ...(webhookId ? { webhookId } : {}),
    name: values.name,
    description: values.description,
    url: values.url,
    method: values.method,
    isActive: values.isActive,
    headers: 'headers' in headers ? headers.headers : {},
    authentication,
    retryPolicy: { maxRetries: values.maxRetries, backoffStrategy: values.backoffStrategy, initialDelay: values.initialDelay, maxDelay: values.maxDelay },
    payloadTransform: { enabled: values.transformEnabled, template: values.template.trim() ? values.template : null },
    config: { timeout: values.timeout, followRedirects: values.followRedirects },
  };
}
