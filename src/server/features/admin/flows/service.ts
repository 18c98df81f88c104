import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  COPY_SUFFIX, CREATE_WEBHOOK_FIRST, FLOW_LIMITS, FLOW_NOT_FOUND, FLOW_WEBHOOK_MISSING, patternInvalid, QUICK_SETUP_FLOWS,
} from '../../../../common/admin/webhooks/texts.ts';
import type * as contracts from '../../../../common/admin/flows/contract.ts';
import { EMPTY_FLOW_FILTERS, FLOW_ACTION_DEFAULTS, type FlowAction, type FlowFilters, type FlowTrigger, isValidEventPattern } from '../../../../common/events/eventFlows.ts';
import { record } from '../../../audit/record.ts';
import type { Db } from '../../../db/transaction.ts';
import { failedPrecondition, invalidArgument, notFound } from '../../../rpc/errors.ts';
import type { BackOfficeWriteContext } from '../../../rpc/context.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { flowActions, toAdminFlow } from '../webhooks/presenters.ts';
import {
  activeWebhooks, allFlows, deleteFlowRow, flowById, type FlowRow, flowsNamed, insertFlow, updateFlow, webhooksByIds,
} from '../webhooks/repository.ts';
import { announce } from '../webhooks/writeContext.ts';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type AdminFlow = ReturnType<typeof toAdminFlow>;

const audited = (f: AdminFlow) => ({
  name: f.name, isActive: f.isActive, triggers: f.triggers.map((t) => t.eventType), webhookIds: f.actions.map((a) => a.webhookId), filters: f.filters,
});

/** Each flow with its actions' webhooks named: one query for the webhooks of every flow shown. */
async function presented(db: Db, rows: FlowRow[]): Promise<AdminFlow[]> {
  const ids = [...new Set(rows.flatMap((r) => flowActions(r).map((a) => a.webhookId)))];
  const webhooks = new Map((await webhooksByIds(db, ids)).map((w) => [w.id, { name: w.name, isActive: w.is_active }]));
  return rows.map((r) => toAdminFlow(r, webhooks));
}

export async function listFlows(db: Db) {
  const rows = await allFlows(db, FLOW_LIMITS.listMax + 1);
  return { flows: await presented(db, rows.slice(0, FLOW_LIMITS.listMax)), truncated: rows.length > FLOW_LIMITS.listMax };
}

async function loadFlow(db: Db, id: string): Promise<FlowRow> {
  const row = await flowById(db, id);
  if (!row) throw notFound(FLOW_NOT_FOUND);
  return row;
}

async function presentOne(db: Db, id: string): Promise<AdminFlow> {
  const [flow] = await presented(db, [await loadFlow(db, id)]);
  return flow;
}

type SaveInput = In<typeof contracts.saveFlow>;

/** The triggers and actions as stored, after the checks the schema cannot make (patterns, webhooks that exist). */
async function checkedRouting(db: Db, input: Pick<SaveInput, 'triggers' | 'actions'>): Promise<{ triggers: FlowTrigger[]; actions: FlowAction[] }> {
  for (const t of input.triggers) if (!isValidEventPattern(t.eventType)) throw invalidArgument(patternInvalid(t.eventType.slice(0, 120)));
  const ids = [...new Set(input.actions.map((a) => a.webhookId))];
  const webhooks = new Map((await webhooksByIds(db, ids)).map((w) => [w.id, w.name]));
  if (webhooks.size !== ids.length) throw invalidArgument(FLOW_WEBHOOK_MISSING);
  return {
    triggers: input.triggers.map((t) => ({ eventType: t.eventType, conditions: t.conditions })),
    actions: input.actions.map((a) => ({
      type: 'webhook', name: a.name || webhooks.get(a.webhookId)!, webhookId: a.webhookId, conditions: a.conditions, config: a.config,
    })),
  };
}

const FRESH_STATISTICS = { total_events: 0, total_executions: 0, successful_executions: 0, total_execution_ms: 0, last_execution_at: null } as const;

export async function saveFlow(ctx: BackOfficeWriteContext, input: SaveInput) {
  const db = ctx.tx.db;
  const existing = input.flowId ? await loadFlow(db, input.flowId) : null;
  const routing = await checkedRouting(db, input);
  const now = ctx.services.clock.nowIso();
  const fields = {
    name: input.name, description: input.description, is_active: input.isActive,
    triggers: JSON.stringify(routing.triggers), actions: JSON.stringify(routing.actions), filters: JSON.stringify(input.filters satisfies FlowFilters), updated_at: now,
  };
  let id: string;
  const before = existing ? (await presented(db, [existing]))[0] : null;
  if (existing) {
    id = existing.id;
    await updateFlow(db, id, fields);
  } else {
    id = randomUUID();
    await insertFlow(db, { id, ...fields, created_by: input.createdBy, created_by_user_id: ctx.caller.userId, created_at: now, ...FRESH_STATISTICS });
  }
  const flow = await presentOne(db, id);
  await record(ctx.tx, before
    ? { actor: operatorOf(ctx), actingAs: null, action: 'flow.updated', target: { type: 'event_flow', id }, before: audited(before), after: audited(flow), requestId: ctx.requestId, at: now }
    : { actor: operatorOf(ctx), actingAs: null, action: 'flow.created', target: { type: 'event_flow', id }, before: null, after: { ...audited(flow), createdBy: flow.createdBy }, requestId: ctx.requestId, at: now });
  announce(ctx);
  return { success: true as const, created: !existing, flow };
}

export async function duplicateFlow(ctx: BackOfficeWriteContext, flowId: string) {
  const db = ctx.tx.db;
  const source = await loadFlow(db, flowId);
  const id = randomUUID();
  const now = ctx.services.clock.nowIso();
  await insertFlow(db, {
    id, name: source.name.slice(0, FLOW_LIMITS.nameMax - COPY_SUFFIX.length) + COPY_SUFFIX, description: source.description,
    // Inactive: an exact copy switched on at once would send every matching event twice.
    is_active: false, triggers: source.triggers, actions: source.actions, filters: source.filters,
    created_by: 'duplicate', created_by_user_id: ctx.caller.userId, created_at: now, updated_at: now, ...FRESH_STATISTICS,
  });
  const flow = await presentOne(db, id);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'flow.duplicated', target: { type: 'event_flow', id },
    before: null, after: { ...audited(flow), copiedFrom: flowId }, requestId: ctx.requestId, at: now,
  });
  announce(ctx);
  return { success: true as const, flow };
}

export async function deleteFlow(ctx: BackOfficeWriteContext, flowId: string) {
  const db = ctx.tx.db;
  const [before] = await presented(db, [await loadFlow(db, flowId)]);
  await deleteFlowRow(db, flowId);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'flow.deleted', target: { type: 'event_flow', id: flowId }, before: audited(before), after: null, requestId: ctx.requestId,
    at: ctx.services.clock.nowIso(),
  });
  announce(ctx);
  return { success: true as const };
}

export async function setFlowActive(ctx: BackOfficeWriteContext, input: In<typeof contracts.setFlowActive>) {
  const db = ctx.tx.db;
  const row = await loadFlow(db, input.flowId);
  const now = ctx.services.clock.nowIso();
  await updateFlow(db, input.flowId, { is_active: input.isActive, updated_at: now });
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: input.isActive ? 'flow.activated' : 'flow.deactivated', target: { type: 'event_flow', id: input.flowId },
    before: { isActive: row.is_active }, after: { isActive: input.isActive }, requestId: ctx.requestId, at: now,
  });
  announce(ctx);
  return { success: true as const, flow: await presentOne(db, input.flowId) };
}

/**
 * Spec §9's five flows, each to every active webhook. A quick flow is known by its name and
 * creator, so running it again (a second operator, a double click) makes only the missing ones.
 */
export async function setupQuickFlows(ctx: BackOfficeWriteContext) {
  const db = ctx.tx.db;
  const webhooks = await activeWebhooks(db);
  if (webhooks.length === 0) throw failedPrecondition(CREATE_WEBHOOK_FIRST);
  const existing = new Set(await flowsNamed(db, 'quick_setup', QUICK_SETUP_FLOWS.map((f) => f.name)));
  const actions: FlowAction[] = webhooks.map((w) => ({
    type: 'webhook', name: w.name, webhookId: w.id, conditions: [], config: { ...FLOW_ACTION_DEFAULTS },
  }));
  const ids: string[] = [];
  const base = ctx.services.clock.now().getTime();
  for (const [i, blueprint] of QUICK_SETUP_FLOWS.entries()) {
    if (existing.has(blueprint.name)) continue;
    const id = randomUUID();
    // A millisecond apart, so the list (newest first) shows them in the spec's order from the bottom up.
    const at = new Date(base + i).toISOString();
    const filters: FlowFilters = { ...EMPTY_FLOW_FILTERS, severity: { include: [...blueprint.severities], exclude: [] } };
    await insertFlow(db, {
      id, name: blueprint.name, description: blueprint.description, is_active: true,
      triggers: JSON.stringify(blueprint.patterns.map((eventType) => ({ eventType, conditions: [] }))), actions: JSON.stringify(actions),
      filters: JSON.stringify(filters), created_by: 'quick_setup', created_by_user_id: ctx.caller.userId, created_at: at, updated_at: at,
      ...FRESH_STATISTICS,
    });
    ids.push(id);
  }
  const flows = ids.length ? await presented(db, await Promise.all(ids.map((id) => loadFlow(db, id)))) : [];
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'flow.quick_setup', target: { type: 'event_flow', id: null },
    before: null, after: { created: flows.map((f) => ({ flowId: f.flowId, name: f.name })), webhookIds: webhooks.map((w) => w.id) }, requestId: ctx.requestId,
    at: new Date(base).toISOString(),
  });
  if (ids.length) announce(ctx);
  return { success: true as const, created: ids.length, skipped: QUICK_SETUP_FLOWS.length - ids.length, flows };
}
