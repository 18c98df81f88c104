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
import {
  activeWebhooks, type AdminFlow, deleteFlowRow, findFlowView, flowsNamed, insertFlow, insertFlowCopy, listFlowViews, setFlowActive as setActive,
  updateFlowSettings, webhookNames,
} from '../../events/index.ts';
import { announce } from '../webhooks/writeContext.ts';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;

const audited = (f: AdminFlow) => ({
  name: f.name, isActive: f.isActive, triggers: f.triggers.map((t) => t.eventType), webhookIds: f.actions.map((a) => a.webhookId), filters: f.filters,
});

export async function listFlows(db: Db) {
  return listFlowViews(db, FLOW_LIMITS.listMax);
}

async function loadFlow(db: Db, id: string): Promise<AdminFlow> {
  const flow = await findFlowView(db, id);
  if (!flow) throw notFound(FLOW_NOT_FOUND);
  return flow;
}

type SaveInput = In<typeof contracts.saveFlow>;

/** The triggers and actions as stored, after the checks the schema cannot make (patterns, webhooks that exist). */
async function checkedRouting(db: Db, input: Pick<SaveInput, 'triggers' | 'actions'>): Promise<{ triggers: FlowTrigger[]; actions: FlowAction[] }> {
  for (const t of input.triggers) if (!isValidEventPattern(t.eventType)) throw invalidArgument(patternInvalid(t.eventType.slice(0, 120)));
  const ids = [...new Set(input.actions.map((a) => a.webhookId))];
  const webhooks = await webhookNames(db, ids);
  if (webhooks.size !== ids.length) throw invalidArgument(FLOW_WEBHOOK_MISSING);
  return {
    triggers: input.triggers.map((t) => ({ eventType: t.eventType, conditions: t.conditions })),
    actions: input.actions.map((a) => ({
      type: 'webhook', name: a.name || webhooks.get(a.webhookId)!.name, webhookId: a.webhookId, conditions: a.conditions, config: a.config,
    })),
  };
}

export async function saveFlow(ctx: BackOfficeWriteContext, input: SaveInput) {
  const db = ctx.tx.db;
  const before = input.flowId ? await loadFlow(db, input.flowId) : null;
  const routing = await checkedRouting(db, input);
  const now = ctx.services.clock.nowIso();
  const settings = {
    name: input.name, description: input.description, isActive: input.isActive,
    triggers: routing.triggers, actions: routing.actions, filters: input.filters satisfies FlowFilters,
  };
  let id: string;
  if (before) {
    id = before.flowId;
    await updateFlowSettings(db, id, settings, now);
  } else {
    id = randomUUID();
    await insertFlow(db, id, settings, { createdBy: input.createdBy, userId: ctx.caller.userId }, now);
  }
  const flow = await loadFlow(db, id);
  await record(ctx.tx, before
    ? { actor: operatorOf(ctx), actingAs: null, action: 'flow.updated', target: { type: 'event_flow', id }, before: audited(before), after: audited(flow), requestId: ctx.requestId, at: now }
    : { actor: operatorOf(ctx), actingAs: null, action: 'flow.created', target: { type: 'event_flow', id }, before: null, after: { ...audited(flow), createdBy: flow.createdBy }, requestId: ctx.requestId, at: now });
  announce(ctx);
  return { success: true as const, created: !before, flow };
}

export async function duplicateFlow(ctx: BackOfficeWriteContext, flowId: string) {
  const db = ctx.tx.db;
  const source = await loadFlow(db, flowId);
  const id = randomUUID();
  const now = ctx.services.clock.nowIso();
  await insertFlowCopy(db, flowId, { id, name: source.name.slice(0, FLOW_LIMITS.nameMax - COPY_SUFFIX.length) + COPY_SUFFIX, userId: ctx.caller.userId, now });
  const flow = await loadFlow(db, id);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'flow.duplicated', target: { type: 'event_flow', id },
    before: null, after: { ...audited(flow), copiedFrom: flowId }, requestId: ctx.requestId, at: now,
  });
  announce(ctx);
  return { success: true as const, flow };
}

export async function deleteFlow(ctx: BackOfficeWriteContext, flowId: string) {
  const db = ctx.tx.db;
  const before = await loadFlow(db, flowId);
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
  const flow = await loadFlow(db, input.flowId);
  const now = ctx.services.clock.nowIso();
  await setActive(db, input.flowId, input.isActive, now);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: input.isActive ? 'flow.activated' : 'flow.deactivated', target: { type: 'event_flow', id: input.flowId },
    before: { isActive: flow.isActive }, after: { isActive: input.isActive }, requestId: ctx.requestId, at: now,
  });
  announce(ctx);
  return { success: true as const, flow: await loadFlow(db, input.flowId) };
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
    await insertFlow(db, id, {
      name: blueprint.name, description: blueprint.description, isActive: true,
      triggers: blueprint.patterns.map((eventType) => ({ eventType, conditions: [] })), actions, filters,
    }, { createdBy: 'quick_setup', userId: ctx.caller.userId }, at);
    ids.push(id);
  }
  const flows = await Promise.all(ids.map((id) => loadFlow(db, id)));
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'flow.quick_setup', target: { type: 'event_flow', id: null },
    before: null, after: { created: flows.map((f) => ({ flowId: f.flowId, name: f.name })), webhookIds: webhooks.map((w) => w.id) }, requestId: ctx.requestId,
    at: new Date(base).toISOString(),
  });
  if (ids.length) announce(ctx);
  return { success: true as const, created: ids.length, skipped: QUICK_SETUP_FLOWS.length - ids.length, flows };
}
