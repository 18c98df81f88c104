/**
 * Texts, defaults and rules of the webhooks and flows pages and functions (spec back-office §2
 * Webhooks and Flow Designer, §3 Webhook and Event flow, §4 badge, §5, §8, §9); no zod here,
 * pages import it.
 */
import type { Severity } from '../../events/eventFlows.ts';

export const WEBHOOK_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];
export const BACKOFF_STRATEGIES = ['exponential', 'linear', 'fixed'] as const;
export type BackoffStrategy = (typeof BACKOFF_STRATEGIES)[number];
export const AUTH_TYPES = ['none', 'bearer', 'basic'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
export const WEBHOOK_HEALTH = ['healthy', 'degraded', 'error', 'disabled'] as const;
export type WebhookHealthStatus = (typeof WEBHOOK_HEALTH)[number];
export const WEBHOOK_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type WebhookStatusFilter = (typeof WEBHOOK_STATUS_FILTERS)[number];
/** Spec §3: who made a webhook or flow. */
export const CREATORS = ['super_admin', 'quick_setup', 'template', 'custom', 'duplicate'] as const;
export type Creator = (typeof CREATORS)[number];

/** Spec §9: webhook defaults. */
export const WEBHOOK_DEFAULTS = {
  method: 'POST' as WebhookMethod,
  headers: { 'Content-Type': 'application/json' } as Record<string, string>,
  authentication: 'none' as AuthType,
  maxRetries: 3,
  backoffStrategy: 'exponential' as BackoffStrategy,
  initialDelay: 1000,
  maxDelay: 30_000,
  timeout: 30_000,
  followRedirects: false,
  payloadTransform: false,
};

export const WEBHOOK_LIMITS = {
  nameMax: 100,
  descriptionMax: 500,
  urlMax: 2048,
  headersMax: 30,
  headerValueMax: 2000,
  maxRetries: 10,
  initialDelayMin: 100,
  initialDelayMax: 3_600_000,
  maxDelayMax: 86_400_000,
  timeoutMin: 1000,
  timeoutMax: 30_000,
  tokenMax: 4096,
  templateMaxBytes: 16 * 1024,
  templateMaxDepth: 32,
  bulkMax: 100,
  listMax: 500,
};

/** Signing secrets replaced by a rotation keep signing this long, so receivers can switch over. */
export const PREVIOUS_SECRET_HOURS = 24;
export const COPY_SUFFIX = ' (Copy)';

// Validation (spec §5) and refusals.
export const NAME_AND_URL_REQUIRED = 'Name and URL are required';
export const WEBHOOK_NAME_TOO_LONG = `The name must be at most ${WEBHOOK_LIMITS.nameMax} characters.`;
export const WEBHOOK_DESCRIPTION_TOO_LONG = `The description must be at most ${WEBHOOK_LIMITS.descriptionMax} characters.`;
export const WEBHOOK_URL_TOO_LONG = `The URL must be at most ${WEBHOOK_LIMITS.urlMax} characters.`;
export const METHOD_INVALID = 'Method must be POST, PUT or PATCH.';
export const HEADERS_NOT_OBJECT = 'Headers must be a JSON object of names and text values, e.g. {"X-Team": "billing"}.';
export const HEADERS_INVALID_JSON = 'Headers must be valid JSON: an object such as {"Content-Type": "application/json"}.';
export const TOO_MANY_HEADERS = `At most ${WEBHOOK_LIMITS.headersMax} headers.`;
export const headerNameInvalid = (name: string) => `"${name}" is not a valid header name (letters, digits and - only).`;
export const headerValueInvalid = (name: string) =>
  `The value of header "${name}" must be text of at most ${WEBHOOK_LIMITS.headerValueMax} characters, on one line.`;
export const headerReserved = (name: string) => `The header "${name}" cannot be set: the delivery sets it itself.`;
export const HEADER_AUTHORIZATION = 'Set the Authorization header through Authentication (bearer or basic), not in the headers.';
export const AUTH_TYPE_INVALID = 'Authentication must be none, bearer or basic.';
export const BEARER_TOKEN_REQUIRED = 'Bearer authentication needs a token.';
export const BASIC_FIELDS_REQUIRED = 'Basic authentication needs a username and a password.';
export const AUTH_VALUE_INVALID = `Authentication values must be text of at most ${WEBHOOK_LIMITS.tokenMax} characters, on one line.`;
export const MAX_RETRIES_INVALID = `Max retries must be a whole number from 0 to ${WEBHOOK_LIMITS.maxRetries}.`;
export const BACKOFF_INVALID = 'Backoff strategy must be exponential, linear or fixed.';
export const INITIAL_DELAY_INVALID = `Initial delay must be a whole number of milliseconds from ${WEBHOOK_LIMITS.initialDelayMin} to ${WEBHOOK_LIMITS.initialDelayMax}.`;
export const MAX_DELAY_INVALID = `Max delay must be a whole number of milliseconds up to ${WEBHOOK_LIMITS.maxDelayMax}.`;
export const MAX_DELAY_BELOW_INITIAL = 'Max delay must not be shorter than the initial delay.';
export const TIMEOUT_INVALID = `Timeout must be a whole number of milliseconds from ${WEBHOOK_LIMITS.timeoutMin} to ${WEBHOOK_LIMITS.timeoutMax}.`;
export const TEMPLATE_REQUIRED = 'An enabled payload transform needs a template.';
export const TEMPLATE_TOO_LARGE = `The payload template must be at most ${WEBHOOK_LIMITS.templateMaxBytes / 1024} KB.`;
export const TEMPLATE_INVALID_JSON = 'The payload template must be valid JSON.';
export const TEMPLATE_TOO_DEEP = `The payload template may be nested at most ${WEBHOOK_LIMITS.templateMaxDepth} levels deep.`;
export const templatePathInvalid = (path: string) =>
  `"{{${path}}}" is not a field of the event. Use id, type, severity, source, createdAt, accountId, correlationId, payload.… or context.….`;
export const WEBHOOK_NOT_FOUND = 'Webhook not found. It may have been deleted; reload the list.';
export const WEBHOOK_IDS_REQUIRED = 'Select at least one webhook.';
export const TOO_MANY_WEBHOOK_IDS = `At most ${WEBHOOK_LIMITS.bulkMax} webhooks at once.`;

/** The payload transform's template fields (shared rule with the delivery engine). */
export const TEMPLATE_ROOT_FIELDS = ['id', 'type', 'severity', 'source', 'createdAt', 'accountId', 'correlationId'] as const;
export const TEMPLATE_NESTED_FIELDS = ['payload', 'context'] as const;

/** Whether `{{path}}` names something the engine can fill in: a root field, or a dot path into payload or context. */
export function isTemplatePath(path: string): boolean {
  if (!/^[A-Za-z0-9_.]+$/.test(path)) return false;
  const segments = path.split('.');
  if (segments.some((s) => s === '')) return false;
  if ((TEMPLATE_ROOT_FIELDS as readonly string[]).includes(segments[0])) return segments.length === 1;
  return (TEMPLATE_NESTED_FIELDS as readonly string[]).includes(segments[0]);
}

/** Every `{{…}}` placeholder in a text, as written between the braces. */
export function templatePlaceholders(text: string): string[] {
  return [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]);
}

// Badge (spec §4) and statistics (spec §9).
export interface WebhookBadge { label: 'Inactive' | 'Healthy' | 'Degraded' | 'Error'; color: 'gray' | 'green' | 'yellow' | 'red' }

export function webhookBadge(isActive: boolean, health: string): WebhookBadge {
  if (!isActive) return { label: 'Inactive', color: 'gray' };
  if (health === 'healthy') return { label: 'Healthy', color: 'green' };
  if (health === 'degraded') return { label: 'Degraded', color: 'yellow' };
  return { label: 'Error', color: 'red' };
}

/** Rounded percentage of successful to total; 0 when there was none. */
export function successRate(successful: number, total: number): number {
  return total > 0 ? Math.round((successful / total) * 100) : 0;
}

/** Rounded mean; 0 when there was none. */
export function averageOf(sum: number, count: number): number {
  return count > 0 ? Math.round(sum / count) : 0;
}

// Page texts (spec §8).
export const WEBHOOKS_LOAD_FAILED = 'Failed to load webhooks';
export const NO_WEBHOOKS = 'No webhooks yet';
export const NO_WEBHOOKS_HINT = 'A webhook sends the platform\'s events to an address of yours, signed so the receiver can verify them.';
export const NO_WEBHOOKS_MATCH = 'No webhooks match your search.';
export const failedToSaveWebhook = (message: string) => `Failed to save webhook: ${message}`;
export const failedToDeleteWebhook = (message: string) => `Failed to delete webhook: ${message}`;
export const failedToUpdateWebhook = (message: string) => `Failed to update webhook: ${message}`;
export const failedToDuplicateWebhook = (message: string) => `Failed to duplicate webhook: ${message}`;
export const CONFIRM_BULK_DELETE_WEBHOOKS = (n: number) =>
  `Delete ${n} webhook${n === 1 ? '' : 's'}? Flows stop sending to ${n === 1 ? 'it' : 'them'}; the delivery log is kept. This cannot be undone.`;
export const SECRET_SHOWN_ONCE = 'Copy the signing secret now: it is shown only once. Receivers verify each delivery with it (Standard Webhooks).';
export const SECRET_ROTATED = (until: string) =>
  `The new signing secret is below; it is shown only once. The previous secret keeps signing until ${until}, so receivers can switch over.`;

// Flows.
export const FLOW_LIMITS = { nameMax: 100, descriptionMax: 500, triggersMax: 20, actionsMax: 20, conditionsMax: 20, filterIdsMax: 100, listMax: 500 };
export const FLOW_NAME_REQUIRED = 'Flow name is required.';
export const FLOW_NAME_TOO_LONG = `The flow name must be at most ${FLOW_LIMITS.nameMax} characters.`;
export const SELECT_WEBHOOK_FIRST = 'Please select a webhook first';
export const CREATE_WEBHOOK_FIRST = 'Please create at least one webhook first!';
export const TRIGGER_REQUIRED = 'Choose at least one event type to trigger the flow.';
export const patternInvalid = (pattern: string) =>
  `"${pattern}" is not a valid event type pattern (segments of a-z, 0-9 and _, separated by dots; * for any).`;
export const FLOW_WEBHOOK_MISSING = 'A selected webhook no longer exists. Reload and choose another.';
export const FLOW_NOT_FOUND = 'Flow not found. It may have been deleted; reload the list.';
export const CONDITION_PATH_INVALID = 'A condition path must be a dot path into the event, such as payload.tld or severity.';
export const ACTION_TIMEOUT_INVALID = `An action's timeout must be a whole number of milliseconds from ${WEBHOOK_LIMITS.timeoutMin} to ${WEBHOOK_LIMITS.timeoutMax}.`;
export const ACTION_RETRIES_INVALID = `An action's retries must be a whole number from 0 to ${WEBHOOK_LIMITS.maxRetries}.`;
export const FLOWS_LOAD_FAILED = 'Failed to load flows';
export const CATALOG_LOAD_FAILED = 'Failed to load the event catalogue';
export const NO_FLOWS = 'No flows yet';
export const NO_FLOWS_HINT = 'A flow sends the events that match its triggers to webhooks. Start from a template, Quick Setup, or Create Flow on an event.';
export const NO_ACTIVE_WEBHOOK_HINT = 'Flows send events to webhooks. Create a webhook first.';
export const failedToSetupFlows = (message: string) => `Failed to setup event flows: ${message}`;
export const failedToCreateFlow = (message: string) => `Failed to create flow: ${message}`;
export const FAILED_TO_DELETE_FLOW = 'Failed to delete flow';
export const FAILED_TO_DUPLICATE_FLOW = 'Failed to duplicate flow';
export const FAILED_TO_UPDATE_FLOW = 'Failed to update flow';
export const flowsCreated = (created: number, skipped: number) =>
  `${created} event flow${created === 1 ? '' : 's'} created${skipped ? `; ${skipped} already existed` : ''}.`;
export const FLOW_CREATED = 'Flow created.';
export const FLOW_DELETED = 'Flow deleted.';
export const FLOW_DUPLICATED = 'Flow duplicated (inactive until you switch it on).';

/** Spec §9: the catalogue's categories, in order; hosting (issue 22) after domain. */
export const EVENT_CATEGORIES = ['user', 'payment', 'order', 'domain', 'hosting', 'system', 'support', 'admin'] as const;
export type EventCategoryName = (typeof EVENT_CATEGORIES)[number];
export const EVENT_CATEGORY_LABELS: Record<EventCategoryName, string> = {
  user: 'User', payment: 'Payment', order: 'Order', domain: 'Domain', hosting: 'Hosting', system: 'System', support: 'Support', admin: 'Admin',
};

export const ALL_SEVERITIES: Severity[] = ['info', 'warning', 'error', 'critical'];

/** A flow made by Quick Setup or a template: its name, triggers and severity filter. */
export interface FlowBlueprint {
  key: string;
  name: string;
  description: string;
  patterns: string[];
  severities: Severity[];
}

/** Spec §9: the quick-setup flows, each to every active webhook, for the four severities. */
export const QUICK_SETUP_FLOWS: FlowBlueprint[] = [
  { key: 'domain', name: 'Domain events', description: 'Every domain event.', patterns: ['domain.*'], severities: ALL_SEVERITIES },
  { key: 'user', name: 'User events', description: 'Every user event.', patterns: ['user.*'], severities: ALL_SEVERITIES },
  { key: 'order', name: 'Order events', description: 'Every order event.', patterns: ['order.*'], severities: ALL_SEVERITIES },
  { key: 'system', name: 'System events', description: 'Every system event, webhook health included.', patterns: ['system.*'], severities: ALL_SEVERITIES },
  { key: 'detailed', name: 'All detailed events', description: 'Every event type of three or more parts.', patterns: ['*.*.*'], severities: ALL_SEVERITIES },
];

/** Spec §9: the Templates modal. */
export const FLOW_TEMPLATES: FlowBlueprint[] = [
  {
    key: 'critical', name: 'Critical events monitor', description: 'Every event of severity error, warning or critical.',
    patterns: ['*'], severities: ['error', 'warning', 'critical'],
  },
  { key: 'payment', name: 'Payment lifecycle', description: 'Checkouts, subscriptions and invoices.', patterns: ['payment.*'], severities: [] },
  {
    key: 'domain', name: 'Domain operations', description: 'Domain registrations, renewals, expiry and the domain orders behind them.',
    patterns: ['domain.*', 'order.domain.*'], severities: [],
  },
  { key: 'user', name: 'User activity', description: 'Accounts, invitations, members and roles.', patterns: ['user.*'], severities: [] },
  { key: 'admin', name: 'Admin audit trail', description: 'What operators change in the back office.', patterns: ['admin.*'], severities: [] },
];
