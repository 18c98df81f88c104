import { z } from 'zod';
import {
  ACTION_RETRIES_INVALID, ACTION_TIMEOUT_INVALID, CONDITION_PATH_INVALID, CREATORS, EVENT_CATEGORIES, FLOW_LIMITS, FLOW_NAME_REQUIRED,
  FLOW_NAME_TOO_LONG, SELECT_WEBHOOK_FIRST, TRIGGER_REQUIRED, WEBHOOK_LIMITS,
} from '../webhooks/texts.ts';
import { CONDITION_OPERATORS, EVENT_SEVERITIES, FLOW_ACTION_DEFAULTS } from '../../events/eventFlows.ts';
import { allow, defineContract } from '../../protocol.ts';
import { asObject, empty, id, isoDate } from '../../contracts/shared.ts';

export const flowId = id('Flow ID');
const F = FLOW_LIMITS;

const condition = z.object({
  path: z.string({ error: CONDITION_PATH_INVALID }).trim().max(200, CONDITION_PATH_INVALID).regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, CONDITION_PATH_INVALID),
  operator: z.enum(CONDITION_OPERATORS, { error: 'A condition operator must be equals, not_equals, contains or exists.' }),
  value: z.string({ error: 'A condition value must be text.' }).max(500, 'A condition value must be at most 500 characters.').optional(),
}, asObject).strict().refine((c) => c.operator === 'exists' || c.value !== undefined, 'A condition other than exists needs a value to compare with.');
const conditions = z.array(condition, { error: 'Conditions must be a list.' }).max(F.conditionsMax, `At most ${F.conditionsMax} conditions.`).optional().default([]);

/** Patterns are checked by the service, which names the one it refuses. */
const trigger = z.object({
  eventType: z.string({ error: 'Each trigger needs an event type.' }).trim().min(1, 'Each trigger needs an event type.').max(120, 'An event type pattern is at most 120 characters.'),
  conditions,
}, asObject).strict();

const action = z.object({
  type: z.literal('webhook', { error: 'An action\'s type must be webhook.' }).optional().default('webhook'),
  name: z.string({ error: 'An action\'s name must be text.' }).trim().max(F.nameMax, `An action's name must be at most ${F.nameMax} characters.`).optional().default(''),
  webhookId: z.string({ error: SELECT_WEBHOOK_FIRST }).trim().min(1, SELECT_WEBHOOK_FIRST).max(128, SELECT_WEBHOOK_FIRST),
  conditions,
  config: z.object({
    timeout: z.number({ error: ACTION_TIMEOUT_INVALID }).int(ACTION_TIMEOUT_INVALID).min(WEBHOOK_LIMITS.timeoutMin, ACTION_TIMEOUT_INVALID)
      .max(WEBHOOK_LIMITS.timeoutMax, ACTION_TIMEOUT_INVALID).optional().default(FLOW_ACTION_DEFAULTS.timeout),
    retries: z.number({ error: ACTION_RETRIES_INVALID }).int(ACTION_RETRIES_INVALID).min(0, ACTION_RETRIES_INVALID)
      .max(WEBHOOK_LIMITS.maxRetries, ACTION_RETRIES_INVALID).optional().default(FLOW_ACTION_DEFAULTS.retries),
  }, asObject).strict().optional().default({ timeout: FLOW_ACTION_DEFAULTS.timeout, retries: FLOW_ACTION_DEFAULTS.retries }),
}, asObject).strict();

const idList = (what: string) => z.array(id(what), { error: `${what} filters must be lists of ids.` })
  .max(F.filterIdsMax, `At most ${F.filterIdsMax} ids per filter.`).optional().default([]);
const includeExclude = (what: string) => z.object({ include: idList(what), exclude: idList(what) }, asObject).strict()
  .optional().default({ include: [], exclude: [] });
const severities = z.array(z.enum(EVENT_SEVERITIES, { error: 'Severities are info, warning, error and critical.' })).max(4).optional().default([])
  .transform((v) => [...new Set(v)]);

const filters = z.object({
  accounts: includeExclude('Account'),
  users: includeExclude('User'),
  severity: z.object({ include: severities, exclude: severities }, asObject).strict().optional().default({ include: [], exclude: [] }),
}, asObject).strict().optional().default({
  accounts: { include: [], exclude: [] }, users: { include: [], exclude: [] }, severity: { include: [], exclude: [] },
});

const conditionOut = z.object({ path: z.string(), operator: z.enum(CONDITION_OPERATORS), value: z.string().optional() });
const includeExcludeOut = z.object({ include: z.array(z.string()), exclude: z.array(z.string()) });

export const adminFlow = z.object({
  flowId: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  createdBy: z.enum(CREATORS),
  triggers: z.array(z.object({ eventType: z.string(), conditions: z.array(conditionOut) })),
  actions: z.array(z.object({
    type: z.literal('webhook'),
    name: z.string(),
    webhookId: z.string(),
    conditions: z.array(conditionOut),
    config: z.object({ timeout: z.number(), retries: z.number() }),
    /** The webhook's name now, or null when it was deleted. */
    webhookName: z.string().nullable(),
    webhookActive: z.boolean(),
  })),
  filters: z.object({ accounts: includeExcludeOut, users: includeExcludeOut, severity: z.object({ include: z.array(z.enum(EVENT_SEVERITIES)), exclude: z.array(z.enum(EVENT_SEVERITIES)) }) }),
  statistics: z.object({
    totalEvents: z.number().int(),
    totalExecutions: z.number().int(),
    successRate: z.number().int(),
    lastExecution: isoDate.nullable(),
    averageExecutionTime: z.number().int(),
  }),
});
export type AdminFlow = z.infer<typeof adminFlow>;

export const listFlows = defineContract({
  name: 'listFlows',
  summary: 'Every event flow, newest first, with its triggers, actions (with each webhook\'s name and state), filters and statistics.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ flows: z.array(adminFlow), truncated: z.boolean() }),
});

export const saveFlow = defineContract({
  name: 'saveFlow',
  summary: 'Creates a flow (no flowId) or replaces one. Every action targets an existing webhook; triggers are event types or patterns (domain.*, *.*.*, *). createdBy (template, custom) applies on create.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    flowId: flowId.optional(),
    name: z.string({ error: FLOW_NAME_REQUIRED }).trim().min(1, FLOW_NAME_REQUIRED).max(F.nameMax, FLOW_NAME_TOO_LONG),
    description: z.string({ error: 'The description must be text.' }).trim().max(F.descriptionMax, `The description must be at most ${F.descriptionMax} characters.`).optional().default(''),
    isActive: z.boolean({ error: 'Active must be true or false.' }).optional().default(true),
    triggers: z.array(trigger, { error: TRIGGER_REQUIRED }).min(1, TRIGGER_REQUIRED).max(F.triggersMax, `At most ${F.triggersMax} triggers.`),
    actions: z.array(action, { error: SELECT_WEBHOOK_FIRST }).min(1, SELECT_WEBHOOK_FIRST).max(F.actionsMax, `At most ${F.actionsMax} actions.`),
    filters,
    createdBy: z.enum(['super_admin', 'custom', 'template'], { error: 'createdBy must be super_admin, custom or template.' }).optional().default('super_admin'),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), created: z.boolean(), flow: adminFlow }),
});

export const duplicateFlow = defineContract({
  name: 'duplicateFlow',
  summary: 'Copies a flow under its name + \' (Copy)\', inactive (so it does not double deliveries at once), zero statistics, createdBy duplicate.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ flowId }, asObject).strict(),
  output: z.object({ success: z.literal(true), flow: adminFlow }),
});

export const deleteFlow = defineContract({
  name: 'deleteFlow',
  summary: 'Deletes a flow; deliveries already queued and the delivery log are kept.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ flowId }, asObject).strict(),
  output: z.object({ success: z.literal(true) }),
});

export const setFlowActive = defineContract({
  name: 'setFlowActive',
  summary: 'Switches a flow on or off.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ flowId, isActive: z.boolean({ error: 'isActive must be true or false.' }) }, asObject).strict(),
  output: z.object({ success: z.literal(true), flow: adminFlow }),
});

export const setupQuickFlows = defineContract({
  name: 'setupQuickFlows',
  summary: 'Creates the spec\'s five quick-setup flows (domain.*, user.*, order.*, system.*, *.*.*; severities info to critical), each to every active webhook; a quick flow that already exists is not made twice.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ success: z.literal(true), created: z.number().int(), skipped: z.number().int(), flows: z.array(adminFlow) }),
});

export const getEventCatalog = defineContract({
  name: 'getEventCatalog',
  summary: 'The event types flows can trigger on, by category in the spec\'s order, each with its description and documented payload fields.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({
    categories: z.array(z.object({
      category: z.enum(EVENT_CATEGORIES),
      label: z.string(),
      types: z.array(z.object({ type: z.string(), description: z.string(), payload: z.record(z.string(), z.string()) })),
    })),
  }),
});

export const contracts = { listFlows, saveFlow, duplicateFlow, deleteFlow, setFlowActive, setupQuickFlows, getEventCatalog };
