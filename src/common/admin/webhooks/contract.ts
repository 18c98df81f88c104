import { z } from 'zod';
import {
  AUTH_TYPE_INVALID, AUTH_VALUE_INVALID, BACKOFF_INVALID, BACKOFF_STRATEGIES, CREATORS, HEADERS_NOT_OBJECT, INITIAL_DELAY_INVALID,
  MAX_DELAY_BELOW_INITIAL, MAX_DELAY_INVALID, MAX_RETRIES_INVALID, METHOD_INVALID, NAME_AND_URL_REQUIRED, TIMEOUT_INVALID,
  TOO_MANY_HEADERS, TOO_MANY_WEBHOOK_IDS, WEBHOOK_DEFAULTS, WEBHOOK_DESCRIPTION_TOO_LONG, WEBHOOK_HEALTH, WEBHOOK_LIMITS, WEBHOOK_METHODS,
  WEBHOOK_NAME_TOO_LONG, WEBHOOK_STATUS_FILTERS, WEBHOOK_URL_TOO_LONG, WEBHOOK_IDS_REQUIRED,
} from './texts.ts';
import { allow, defineContract } from '../../protocol.ts';
import { asObject, filterText, id, isoDate } from '../../contracts/shared.ts';

export const webhookId = id('Webhook ID');
const L = WEBHOOK_LIMITS;

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** One line of text: no CR or LF, which would split a request header. */
const authValue = z.string({ error: AUTH_VALUE_INVALID }).max(L.tokenMax, AUTH_VALUE_INVALID).refine((v) => !/[\r\n]/.test(v), AUTH_VALUE_INVALID);

/**
 * What the operator sends. A token or password left out on update keeps the stored one (the
 * list never hands them back), when the type stays the same.
 */
const authenticationInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }).strict(),
  z.object({ type: z.literal('bearer'), token: authValue.optional() }).strict(),
  z.object({ type: z.literal('basic'), username: authValue, password: authValue.optional() }).strict(),
], { error: AUTH_TYPE_INVALID });

/** What lists show: the type and the username, never a token or password. */
const authenticationOutput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('bearer'), tokenSet: z.boolean() }),
  z.object({ type: z.literal('basic'), username: z.string(), passwordSet: z.boolean() }),
]);

/** Names and values are checked by the service, which names the header it refuses. */
const headersInput = z.record(z.string(), z.string({ error: HEADERS_NOT_OBJECT }), { error: HEADERS_NOT_OBJECT })
  .refine((h) => Object.keys(h).length <= L.headersMax, TOO_MANY_HEADERS);

const retryPolicy = z.object({
  maxRetries: wholeNumber(MAX_RETRIES_INVALID, 0, L.maxRetries).default(WEBHOOK_DEFAULTS.maxRetries),
  backoffStrategy: z.enum(BACKOFF_STRATEGIES, { error: BACKOFF_INVALID }).default(WEBHOOK_DEFAULTS.backoffStrategy),
  initialDelay: wholeNumber(INITIAL_DELAY_INVALID, L.initialDelayMin, L.initialDelayMax).default(WEBHOOK_DEFAULTS.initialDelay),
  maxDelay: wholeNumber(MAX_DELAY_INVALID, L.initialDelayMin, L.maxDelayMax).default(WEBHOOK_DEFAULTS.maxDelay),
}, asObject).strict().refine((p) => p.maxDelay >= p.initialDelay, { message: MAX_DELAY_BELOW_INITIAL, path: ['maxDelay'] });

const payloadTransform = z.object({
  enabled: z.boolean({ error: 'Payload transform enabled must be true or false.' }).default(WEBHOOK_DEFAULTS.payloadTransform),
  /** A JSON document (text); see the shared template rule in adminWebhooksTexts.ts. */
  template: z.string({ error: 'The payload template must be JSON text.' }).nullish().transform((v) => (v && v.trim() ? v : null)),
}, asObject).strict();

const webhookConfig = z.object({
  timeout: wholeNumber(TIMEOUT_INVALID, L.timeoutMin, L.timeoutMax).default(WEBHOOK_DEFAULTS.timeout),
  followRedirects: z.boolean({ error: 'Follow redirects must be true or false.' }).default(WEBHOOK_DEFAULTS.followRedirects),
}, asObject).strict();

export const adminWebhook = z.object({
  webhookId: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  method: z.enum(WEBHOOK_METHODS),
  isActive: z.boolean(),
  headers: z.record(z.string(), z.string()),
  authentication: authenticationOutput,
  retryPolicy: z.object({ maxRetries: z.number(), backoffStrategy: z.enum(BACKOFF_STRATEGIES), initialDelay: z.number(), maxDelay: z.number() }),
  payloadTransform: z.object({ enabled: z.boolean(), template: z.string().nullable() }),
  config: z.object({ timeout: z.number(), followRedirects: z.boolean() }),
  createdBy: z.enum(CREATORS),
  createdAt: isoDate,
  updatedAt: isoDate,
  statistics: z.object({
    totalDeliveries: z.number().int(),
    successfulDeliveries: z.number().int(),
    failedDeliveries: z.number().int(),
    /** Rounded percentage successful / total (0 when none). */
    successRate: z.number().int(),
    /** Rounded mean response time in ms (0 when none). */
    averageResponseTime: z.number().int(),
    lastDelivery: isoDate.nullable(),
    lastSuccess: isoDate.nullable(),
    lastFailure: isoDate.nullable(),
  }),
  health: z.object({
    status: z.enum(WEBHOOK_HEALTH),
    lastCheck: isoDate.nullable(),
    consecutiveFailures: z.number().int(),
    /** The share of successful deliveries, in percent (100 while there was none). */
    uptime: z.number().int(),
    /** Why the engine switched it off (auto-disable), when it did. */
    disabledReason: z.string().nullable(),
  }),
  /** Spec §4's badge, computed once for every page (webhookBadge). */
  badge: z.object({ label: z.enum(['Inactive', 'Healthy', 'Degraded', 'Error']), color: z.enum(['gray', 'green', 'yellow', 'red']) }),
  /** While a rotated-out secret still signs: until when. */
  previousSecretExpiresAt: isoDate.nullable(),
});
export type AdminWebhook = z.infer<typeof adminWebhook>;

const webhookIds = z.array(webhookId, { error: WEBHOOK_IDS_REQUIRED }).min(1, WEBHOOK_IDS_REQUIRED).max(L.bulkMax, TOO_MANY_WEBHOOK_IDS)
  .transform((ids) => [...new Set(ids)]);

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: NAME_AND_URL_REQUIRED }).trim().min(1, NAME_AND_URL_REQUIRED).max(max, tooLong);

export const listWebhooks = defineContract({
  name: 'listWebhooks',
  summary: 'Every webhook (newest first), optionally searched by name or URL (any case) and filtered by status, with statistics, health and badge; never a secret.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    search: filterText('Search', 200, { lowerCase: true }),
    status: z.enum(WEBHOOK_STATUS_FILTERS, { error: 'Status must be all, active or inactive.' }).optional().default('all'),
  }, asObject).strict().optional().default({ status: 'all' }),
  output: z.object({ webhooks: z.array(adminWebhook), truncated: z.boolean() }),
});

export const saveWebhook = defineContract({
  name: 'saveWebhook',
  summary: 'Creates a webhook (no webhookId; its signing secret is returned this once) or replaces the settings of one; fields left out take the spec\'s defaults. URLs that are plainly internal are refused unless WEBHOOK_ALLOWED_HOSTS allows them.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    webhookId: webhookId.optional(),
    name: requiredText(L.nameMax, WEBHOOK_NAME_TOO_LONG),
    description: z.string({ error: 'The description must be text.' }).trim().max(L.descriptionMax, WEBHOOK_DESCRIPTION_TOO_LONG).optional().default(''),
    url: requiredText(L.urlMax, WEBHOOK_URL_TOO_LONG),
    method: z.enum(WEBHOOK_METHODS, { error: METHOD_INVALID }).optional().default(WEBHOOK_DEFAULTS.method),
    isActive: z.boolean({ error: 'Active must be true or false.' }).optional().default(true),
    headers: headersInput.optional().default(() => ({ ...WEBHOOK_DEFAULTS.headers })),
    authentication: authenticationInput.optional().default({ type: 'none' }),
    retryPolicy: retryPolicy.optional().default({
      maxRetries: WEBHOOK_DEFAULTS.maxRetries, backoffStrategy: WEBHOOK_DEFAULTS.backoffStrategy,
      initialDelay: WEBHOOK_DEFAULTS.initialDelay, maxDelay: WEBHOOK_DEFAULTS.maxDelay,
    }),
    payloadTransform: payloadTransform.optional().default({ enabled: false, template: null }),
    config: webhookConfig.optional().default({ timeout: WEBHOOK_DEFAULTS.timeout, followRedirects: WEBHOOK_DEFAULTS.followRedirects }),
  }, { error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? NAME_AND_URL_REQUIRED : asObject.error(issue)) }).strict(),
  output: z.object({
    success: z.literal(true),
    created: z.boolean(),
    webhook: adminWebhook,
    /** The signing secret, on create only: it is never shown again. */
    secret: z.string().nullable(),
  }),
});

export const duplicateWebhook = defineContract({
  name: 'duplicateWebhook',
  summary: 'Copies a webhook\'s settings (authentication included) under its name + \' (Copy)\', inactive, with a new signing secret (returned this once), zero statistics and createdBy duplicate.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ webhookId }, asObject).strict(),
  output: z.object({ success: z.literal(true), webhook: adminWebhook, secret: z.string() }),
});

export const setWebhooksActive = defineContract({
  name: 'setWebhooksActive',
  summary: 'Switches the webhooks on or off; switching on one the engine disabled makes it healthy again. All or nothing: an unknown id changes none.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ webhookIds, isActive: z.boolean({ error: 'isActive must be true or false.' }) }, asObject).strict(),
  output: z.object({ success: z.literal(true), updated: z.number().int() }),
});

export const deleteWebhooks = defineContract({
  name: 'deleteWebhooks',
  summary: 'Deletes the webhooks and, in the same transaction, their actions in every flow; the delivery log is kept. All or nothing.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ webhookIds }, asObject).strict(),
  output: z.object({ success: z.literal(true), deleted: z.number().int(), flowsChanged: z.number().int() }),
});

export const rotateWebhookSecret = defineContract({
  name: 'rotateWebhookSecret',
  summary: 'Gives the webhook a new signing secret (returned this once); the previous one keeps signing for 24 hours.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ webhookId }, asObject).strict(),
  output: z.object({ success: z.literal(true), secret: z.string(), previousSecretExpiresAt: isoDate }),
});

export const contracts = {
  listWebhooks, saveWebhook, duplicateWebhook, setWebhooksActive, deleteWebhooks, rotateWebhookSecret,
};
