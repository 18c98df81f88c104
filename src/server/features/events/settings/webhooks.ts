import { sql } from 'kysely';
import type { FlowAction } from '../../../../common/events/eventFlows.ts';
import { likeContaining } from '../../../db/textMatch.ts';
import type { EventCreator, WebhookMethod } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { type AdminWebhook, flowActions, parseAuthentication, type StoredAuthentication, toAdminWebhook } from './presenters.ts';

/**
 * Webhooks as operators keep them: read as the pages show them (never a secret), created,
 * changed, switched on and off, deleted (out of every flow's actions too), their secret rotated.
 * The back office checks what operators type and audits; this is what is stored.
 */

const likeLower = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

/** A webhook's settings, as an operator gives them (already checked). */
export interface WebhookSettings {
  name: string;
  description: string;
  url: string;
  method: WebhookMethod;
  headers: Record<string, string>;
  authentication: StoredAuthentication;
  maxRetries: number;
  backoffStrategy: string;
  initialDelayMs: number;
  maxDelayMs: number;
  transformEnabled: boolean;
  transformTemplate: string | null;
  timeoutMs: number;
  followRedirects: boolean;
}

const columnsOf = (s: WebhookSettings) => ({
  name: s.name,
  description: s.description,
  url: s.url,
  method: s.method,
  headers: JSON.stringify(s.headers),
  authentication: JSON.stringify(s.authentication),
  max_retries: s.maxRetries,
  backoff_strategy: s.backoffStrategy,
  initial_delay_ms: s.initialDelayMs,
  max_delay_ms: s.maxDelayMs,
  transform_enabled: s.transformEnabled,
  transform_template: s.transformTemplate,
  timeout_ms: s.timeoutMs,
  follow_redirects: s.followRedirects,
});

/** Every statistic and health field of a webhook that starts afresh (spec §4: healthy, zero statistics). */
const FRESH_STATE = {
  total_deliveries: 0, successful_deliveries: 0, failed_deliveries: 0, total_response_ms: 0,
  last_delivery_at: null, last_success_at: null, last_failure_at: null,
  health_status: 'healthy', health_checked_at: null, consecutive_failures: 0, failing_since: null, disabled_reason: null,
} as const;

/** Health as a webhook the engine switched off starts again when an operator switches it back on. */
const HEALTH_RESTARTED = { health_status: 'healthy', consecutive_failures: 0, failing_since: null, disabled_reason: null } as const;

/** The newest webhooks matching, at most `max`; `truncated` when there are more. */
export async function listWebhookViews(db: Db, filter: { search: string | null; status: 'all' | 'active' | 'inactive'; max: number }, now: Date) {
  let query = db.selectFrom('webhooks').selectAll();
  if (filter.search) {
    const like = likeContaining(filter.search);
    query = query.where((eb) => eb.or([likeLower('name', like), likeLower('url', like)]));
  }
  if (filter.status !== 'all') query = query.where('is_active', '=', filter.status === 'active');
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.max + 1).execute();
  return { webhooks: rows.slice(0, filter.max).map((r) => toAdminWebhook(r, now.getTime())), truncated: rows.length > filter.max };
}

/** The webhook as pages see it, and its stored credentials (a change keeps those left out). */
export async function findWebhook(db: Db, id: string, now: Date): Promise<{ webhook: AdminWebhook; authentication: StoredAuthentication } | undefined> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { webhook: toAdminWebhook(row, now.getTime()), authentication: parseAuthentication(row.authentication) };
}

export async function webhookViewsByIds(db: Db, ids: readonly string[], now: Date): Promise<AdminWebhook[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('webhooks').selectAll().where('id', 'in', ids).execute();
  return rows.map((r) => toAdminWebhook(r, now.getTime()));
}

/** The names of the webhooks that exist among `ids`, and whether each is on. */
export async function webhookNames(db: Db, ids: readonly string[]): Promise<Map<string, { name: string; isActive: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('webhooks').select(['id', 'name', 'is_active']).where('id', 'in', ids).execute();
  return new Map(rows.map((w) => [w.id, { name: w.name, isActive: w.is_active }]));
}

export async function activeWebhooks(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('webhooks').select(['id', 'name']).where('is_active', '=', true).orderBy('created_at').orderBy('id').execute();
}

export interface NewWebhook {
  id: string;
  settings: WebhookSettings;
  isActive: boolean;
  secret: string;
  createdBy: EventCreator;
  createdByUserId: string;
  now: string;
}

export async function insertWebhook(db: Db, w: NewWebhook): Promise<void> {
  await db.insertInto('webhooks').values({
    id: w.id, ...columnsOf(w.settings), is_active: w.isActive, secret: w.secret, previous_secret: null, previous_secret_expires_at: null,
    created_by: w.createdBy, created_by_user_id: w.createdByUserId, created_at: w.now, updated_at: w.now, ...FRESH_STATE,
  }).execute();
}

/** New settings; `restartHealth` when an operator switches on a webhook the engine disabled. */
export async function updateWebhookSettings(db: Db, id: string, settings: WebhookSettings, isActive: boolean, restartHealth: boolean, now: string) {
  await db.updateTable('webhooks')
    .set({ ...columnsOf(settings), is_active: isActive, updated_at: now, ...(restartHealth ? HEALTH_RESTARTED : {}) })
    .where('id', '=', id).execute();
}

/** A copy of the webhook's settings, switched off, with a new secret and fresh statistics. */
export async function insertWebhookCopy(db: Db, sourceId: string, copy: { id: string; name: string; secret: string; createdByUserId: string; now: string }) {
  const source = await db.selectFrom('webhooks').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow();
  await db.insertInto('webhooks').values({
    id: copy.id, name: copy.name, description: source.description, url: source.url, method: source.method, headers: source.headers,
    authentication: source.authentication, max_retries: source.max_retries, backoff_strategy: source.backoff_strategy,
    initial_delay_ms: source.initial_delay_ms, max_delay_ms: source.max_delay_ms, transform_enabled: source.transform_enabled,
    transform_template: source.transform_template, timeout_ms: source.timeout_ms, follow_redirects: source.follow_redirects,
    is_active: false, secret: copy.secret, previous_secret: null, previous_secret_expires_at: null,
    created_by: 'duplicate', created_by_user_id: copy.createdByUserId, created_at: copy.now, updated_at: copy.now, ...FRESH_STATE,
  }).execute();
}

/** Switches the webhooks on or off; those in `restartHealth` (disabled by the engine, now switched on) start healthy. */
export async function setWebhooksActive(db: Db, ids: readonly string[], isActive: boolean, restartHealth: readonly string[], now: string) {
  await db.updateTable('webhooks').set({ is_active: isActive, updated_at: now }).where('id', 'in', ids).execute();
  if (restartHealth.length) await db.updateTable('webhooks').set(HEALTH_RESTARTED).where('id', 'in', restartHealth).execute();
}

/** Deletes the webhooks and takes them out of every flow's actions; answers how many of each changed. */
export async function deleteWebhooks(db: Db, ids: readonly string[], now: string): Promise<{ deleted: number; flowsChanged: number }> {
  const gone = new Set(ids);
  let flowsChanged = 0;
  // The actions' JSON is searched as text, then read exactly.
  const mentioning = await db.selectFrom('event_flows').selectAll()
    .where((eb) => eb.or(ids.map((id) => likeLower('actions', likeContaining(id)))))
    .execute();
  for (const flow of mentioning) {
    const actions = flowActions(flow);
    const kept = actions.filter((a: FlowAction) => !gone.has(a.webhookId));
    if (kept.length === actions.length) continue;
    await db.updateTable('event_flows').set({ actions: JSON.stringify(kept), updated_at: now }).where('id', '=', flow.id).execute();
    flowsChanged += 1;
  }
  const result = await db.deleteFrom('webhooks').where('id', 'in', ids).executeTakeFirst();
  return { deleted: Number(result.numDeletedRows), flowsChanged };
}

/** The new secret signs from now on; the old one is still accepted until `previousExpiresAt`. */
export async function rotateSecret(db: Db, id: string, secret: string, previousExpiresAt: string, now: string): Promise<void> {
  await db.updateTable('webhooks')
    .set((eb) => ({ secret, previous_secret: eb.ref('secret'), previous_secret_expires_at: previousExpiresAt, updated_at: now }))
    .where('id', '=', id).execute();
}

/** Webhook counts and the response-time totals their statistics keep per attempt, for the events dashboard. */
export async function webhookTotals(db: Db) {
  const row = await db.selectFrom('webhooks').select((eb) => [
    eb.fn.countAll<number | string>().as('total'),
    eb.fn.sum<number | string | null>(sql`case when is_active then 1 else 0 end`).as('active'),
    eb.fn.sum<number | string | null>('total_deliveries').as('attempts'),
    eb.fn.sum<number | string | null>('total_response_ms').as('response_ms'),
  ]).executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active ?? 0), attempts: Number(row.attempts ?? 0), responseMs: Number(row.response_ms ?? 0) };
}
