import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { likeContaining } from '../../../db/textMatch.ts';
import type { Db } from '../../../db/transaction.ts';
import type { EventFlowsTable, WebhooksTable } from '../../../db/schema.ts';

export type WebhookRow = Selectable<WebhooksTable>;
export type NewWebhook = Insertable<WebhooksTable>;
export type WebhookChanges = Updateable<WebhooksTable>;
export type FlowRow = Selectable<EventFlowsTable>;
export type NewFlow = Insertable<EventFlowsTable>;
export type FlowChanges = Updateable<EventFlowsTable>;

const likeLower = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

export async function webhooksMatching(db: Db, filter: { search: string | null; status: 'all' | 'active' | 'inactive'; limit: number }): Promise<WebhookRow[]> {
  let query = db.selectFrom('webhooks').selectAll();
  if (filter.search) {
    const like = likeContaining(filter.search);
    query = query.where((eb) => eb.or([likeLower('name', like), likeLower('url', like)]));
  }
  if (filter.status !== 'all') query = query.where('is_active', '=', filter.status === 'active');
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

export async function webhookById(db: Db, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function webhooksByIds(db: Db, ids: readonly string[]): Promise<WebhookRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('webhooks').selectAll().where('id', 'in', ids).execute();
}

export async function activeWebhooks(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('webhooks').select(['id', 'name']).where('is_active', '=', true).orderBy('created_at').orderBy('id').execute();
}

export async function insertWebhook(db: Db, row: NewWebhook): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export async function updateWebhook(db: Db, id: string, changes: WebhookChanges): Promise<void> {
  await db.updateTable('webhooks').set(changes).where('id', '=', id).execute();
}

export async function updateWebhooks(db: Db, ids: readonly string[], changes: WebhookChanges): Promise<void> {
  await db.updateTable('webhooks').set(changes).where('id', 'in', ids).execute();
}

export async function deleteWebhookRows(db: Db, ids: readonly string[]): Promise<number> {
  const result = await db.deleteFrom('webhooks').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function allFlows(db: Db, limit: number): Promise<FlowRow[]> {
  return db.selectFrom('event_flows').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function flowById(db: Db, id: string): Promise<FlowRow | undefined> {
  return db.selectFrom('event_flows').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function flowsNamed(db: Db, createdBy: FlowRow['created_by'], names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom('event_flows').select('name').where('created_by', '=', createdBy).where('name', 'in', names).execute();
  return rows.map((r) => r.name);
}

/** Flows whose actions mention any of the webhooks; the JSON is searched as text, then read exactly by the caller. */
export async function flowsMentioning(db: Db, webhookIds: readonly string[]): Promise<FlowRow[]> {
  return db.selectFrom('event_flows').selectAll()
    .where((eb) => eb.or(webhookIds.map((id) => likeLower('actions', likeContaining(id)))))
    .execute();
}

export async function insertFlow(db: Db, row: NewFlow): Promise<void> {
  await db.insertInto('event_flows').values(row).execute();
}

export async function updateFlow(db: Db, id: string, changes: FlowChanges): Promise<void> {
  await db.updateTable('event_flows').set(changes).where('id', '=', id).execute();
}

export async function deleteFlowRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('event_flows').where('id', '=', id).execute();
}

/** Booleans as both databases take them (better-sqlite3 binds no booleans). */
