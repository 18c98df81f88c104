import { sql } from 'kysely';
import { type FlowAction, type FlowFilters, type FlowTrigger, matchesEventPattern } from '../../../../common/events/eventFlows.ts';
import type { EventCreator } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { type AdminFlow, flowActions, type FlowRow, toAdminFlow } from './presenters.ts';
import { webhookNames } from './webhooks.ts';

/**
 * Flows as operators keep them: read with each action's webhook named, created, changed,
 * copied, switched on and off, deleted; and which of them an event would start.
 */

/** Each flow with its actions' webhooks named: one query for the webhooks of every flow shown. */
async function presented(db: Db, rows: FlowRow[]): Promise<AdminFlow[]> {
  const webhooks = await webhookNames(db, [...new Set(rows.flatMap((r) => flowActions(r).map((a) => a.webhookId)))]);
  return rows.map((r) => toAdminFlow(r, webhooks));
}

/** The newest flows, at most `max`; `truncated` when there are more. */
export async function listFlowViews(db: Db, max: number) {
  const rows = await db.selectFrom('event_flows').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(max + 1).execute();
  return { flows: await presented(db, rows.slice(0, max)), truncated: rows.length > max };
}

export async function findFlowView(db: Db, id: string): Promise<AdminFlow | undefined> {
  const row = await db.selectFrom('event_flows').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await presented(db, [row]))[0];
}

/** Which of `names` the creator already has a flow of. */
export async function flowsNamed(db: Db, createdBy: EventCreator, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom('event_flows').select('name').where('created_by', '=', createdBy).where('name', 'in', names).execute();
  return rows.map((r) => r.name);
}

/** A flow's routing and settings, as an operator gives them (already checked). */
export interface FlowSettings {
  name: string;
  description: string;
  isActive: boolean;
  triggers: FlowTrigger[];
  actions: FlowAction[];
  filters: FlowFilters;
}

const columnsOf = (f: FlowSettings) => ({
  name: f.name, description: f.description, is_active: f.isActive,
  triggers: JSON.stringify(f.triggers), actions: JSON.stringify(f.actions), filters: JSON.stringify(f.filters),
});

const FRESH_STATISTICS = { total_events: 0, total_executions: 0, successful_executions: 0, total_execution_ms: 0, last_execution_at: null } as const;

export async function insertFlow(db: Db, id: string, settings: FlowSettings, by: { createdBy: EventCreator; userId: string }, at: string) {
  await db.insertInto('event_flows').values({
    id, ...columnsOf(settings), created_by: by.createdBy, created_by_user_id: by.userId, created_at: at, updated_at: at, ...FRESH_STATISTICS,
  }).execute();
}

export async function updateFlowSettings(db: Db, id: string, settings: FlowSettings, now: string) {
  await db.updateTable('event_flows').set({ ...columnsOf(settings), updated_at: now }).where('id', '=', id).execute();
}

/** A copy of the flow's routing, switched off (an exact copy switched on would send every matching event twice). */
export async function insertFlowCopy(db: Db, sourceId: string, copy: { id: string; name: string; userId: string; now: string }) {
  const source = await db.selectFrom('event_flows').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow();
  await db.insertInto('event_flows').values({
    id: copy.id, name: copy.name, description: source.description,
    is_active: false, triggers: source.triggers, actions: source.actions, filters: source.filters,
    created_by: 'duplicate', created_by_user_id: copy.userId, created_at: copy.now, updated_at: copy.now, ...FRESH_STATISTICS,
  }).execute();
}

export async function setFlowActive(db: Db, id: string, isActive: boolean, now: string) {
  await db.updateTable('event_flows').set({ is_active: isActive, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteFlowRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('event_flows').where('id', '=', id).execute();
}

/** How many active flows have a trigger the event type matches. */
export async function countActiveFlowsMatching(db: Db, eventType: string): Promise<number> {
  const rows = await db.selectFrom('event_flows').select('triggers').where('is_active', '=', true).execute();
  return rows.filter((r) => triggersOf(r.triggers).some((t) => typeof t?.eventType === 'string' && matchesEventPattern(t.eventType, eventType))).length;
}

/** A flow's stored triggers; a row another version wrote badly matches nothing rather than failing the send. */
function triggersOf(json: string): Partial<FlowTrigger>[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export async function flowTotals(db: Db) {
  const row = await db.selectFrom('event_flows').select((eb) => [
    eb.fn.countAll<number | string>().as('total'),
    eb.fn.sum<number | string | null>(sql`case when is_active then 1 else 0 end`).as('active'),
  ]).executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active ?? 0) };
}
