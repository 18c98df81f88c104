import { randomUUID } from 'node:crypto';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../../db/connection.ts';
import type { Database, WebhookDeliveriesTable, WebhookDeliveryAttemptsTable } from '../../../db/schema.ts';
import { inTransaction, type Tx } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import { bulkInsert } from './bulkInsert.ts';
import { applyOutcomes, type Health, type HealthEvent } from './health.ts';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/**
 * Claims up to `limit` due deliveries (pending, next attempt reached, lease free or expired)
 * for `owner` until `leaseUntil`. On PostgreSQL, SKIP LOCKED lets several worker processes claim
 * at once without taking the same row; SQLite has one writer.
 */
export async function claimDue(db: Kysely<Database>, dialect: Dialect, claim: { owner: string; now: Date; leaseMs: number; limit: number }) {
  const at = claim.now.toISOString();
  let due = db.selectFrom('webhook_deliveries').select('id')
    .where('status', '=', 'pending').where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .orderBy('next_attempt_at').limit(claim.limit);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  return db.updateTable('webhook_deliveries')
    .set({ lease_owner: claim.owner, lease_until: new Date(claim.now.getTime() + claim.leaseMs).toISOString() })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Gives back the leases of deliveries this owner claimed but never finished (a stopping worker). */
export async function handBackLeases(db: Kysely<Database>, owner: string) {
  await db.updateTable('webhook_deliveries').set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner).where('status', '=', 'pending').execute();
}

/** One finished attempt, or a delivery closed without one (its webhook deleted or switched off). */
export interface AttemptResult {
  delivery: DeliveryRow;
  at: Date;
  attempt: Omit<Insertable<WebhookDeliveryAttemptsTable>, 'id' | 'delivery_id' | 'webhook_id' | 'event_id' | 'attempt' | 'created_at'> | null;
  ok: boolean;
  /** When the next attempt would go, if the delivery has attempts left. */
  retryAt: Date | null;
  /** Why it ended without success or why it will be retried. */
  error: string | null;
}

interface DeliveryUpdate {
  id: string;
  status: 'pending' | 'success' | 'failed';
  attempts: number;
  next: string | null;
  httpStatus: number | null;
  responseMs: number | null;
  error: string | null;
  completed: string | null;
}

const CHUNK = 500;
const ATTEMPT_COLUMNS = ['id', 'delivery_id', 'webhook_id', 'event_id', 'attempt', 'status', 'http_status', 'response_ms', 'error',
  'request_url', 'request_headers', 'response_headers', 'response_body', 'response_truncated', 'created_at'] as const;

/**
 * Writes a batch of results in one transaction: the attempt rows (the delivery log), each
 * delivery's new state (only while this owner still holds its lease), the webhooks' statistics
 * and health with their system.webhook.* events, and the flows' success counts. Batching keeps
 * the write cost per delivery low at thousands a second; each webhook row is written once per batch.
 * Returns whether any webhook was switched off (the routing cache must be re-read).
 */
export async function recordResults(db: Kysely<Database>, dialect: Dialect, owner: string, results: readonly AttemptResult[]) {
  return inTransaction(db, async (tx) => {
    const attempts = results.filter((r) => r.attempt).map((r) => ({
      ...r.attempt!, id: randomUUID(), delivery_id: r.delivery.id, webhook_id: r.delivery.webhook_id, event_id: r.delivery.event_id,
      attempt: r.delivery.attempts + 1, created_at: r.at.toISOString(),
    }));
    await bulkInsert(tx.db, dialect, 'webhook_delivery_attempts', ATTEMPT_COLUMNS, attempts);

    const disabled = await updateWebhooks(tx, dialect, results);
    const updates: DeliveryUpdate[] = results.map((r) => {
      const attemptsMade = r.delivery.attempts + (r.attempt ? 1 : 0);
      const base = { id: r.delivery.id, attempts: attemptsMade, httpStatus: r.attempt?.http_status ?? null, responseMs: r.attempt?.response_ms ?? null };
      if (r.ok) return { ...base, status: 'success', next: null, error: null, completed: r.at.toISOString() };
      const off = disabled.get(r.delivery.webhook_id);
      if (r.retryAt && !off) return { ...base, status: 'pending', next: r.retryAt.toISOString(), error: r.error, completed: null };
      return { ...base, status: 'failed', next: null, error: off && r.retryAt ? `${r.error}; webhook disabled: ${off}` : r.error, completed: r.at.toISOString() };
    });
    if (updates.length > 0) await updateDeliveries(tx, dialect, owner, updates, results[0].at);

    const successesByFlow = new Map<string, { n: number; ms: number }>();
    for (const r of results) {
      if (!r.ok || !r.delivery.flow_id) continue;
      const s = successesByFlow.get(r.delivery.flow_id) ?? { n: 0, ms: 0 };
      s.n += 1;
      s.ms += r.attempt?.response_ms ?? 0;
      successesByFlow.set(r.delivery.flow_id, s);
    }
    for (const [flowId, s] of [...successesByFlow].sort(([a], [b]) => a.localeCompare(b))) {
      await tx.db.updateTable('event_flows').set((eb) => ({
        successful_executions: eb('successful_executions', '+', s.n),
        total_execution_ms: sql<number>`total_execution_ms + ${s.ms}`,
      })).where('id', '=', flowId).execute();
    }
    return disabled.size > 0;
  });
}

async function updateDeliveries(tx: Tx, dialect: Dialect, owner: string, updates: DeliveryUpdate[], now: Date) {
  const at = now.toISOString();
  if (dialect === 'postgres') {
    // One statement per chunk instead of one round trip per delivery.
    for (let i = 0; i < updates.length; i += CHUNK) {
      const part = updates.slice(i, i + CHUNK);
      const col = <K extends keyof DeliveryUpdate>(key: K) => part.map((u) => u[key]);
      await sql`
        update webhook_deliveries d set
          status = v.status, attempts = v.attempts, next_attempt_at = v.next, last_http_status = v.http_status,
          last_response_ms = v.response_ms, last_error = v.error, completed_at = v.completed,
          lease_owner = null, lease_until = null, updated_at = ${at}::timestamptz
        from unnest(${col('id')}::text[], ${col('status')}::text[], ${col('attempts')}::int[], ${col('next')}::timestamptz[],
          ${col('httpStatus')}::int[], ${col('responseMs')}::int[], ${col('error')}::text[], ${col('completed')}::timestamptz[])
          as v(id, status, attempts, next, http_status, response_ms, error, completed)
        where d.id = v.id and d.lease_owner = ${owner}`.execute(tx.db);
    }
    return;
  }
  // SQLite: one statement per chunk too, the rows handed over as one JSON array.
  for (let i = 0; i < updates.length; i += CHUNK) {
    const part = JSON.stringify(updates.slice(i, i + CHUNK));
    await sql`
      update webhook_deliveries set
        status = json_extract(v.value, '$.status'), attempts = json_extract(v.value, '$.attempts'),
        next_attempt_at = json_extract(v.value, '$.next'), last_http_status = json_extract(v.value, '$.httpStatus'),
        last_response_ms = json_extract(v.value, '$.responseMs'), last_error = json_extract(v.value, '$.error'),
        completed_at = json_extract(v.value, '$.completed'), lease_owner = null, lease_until = null, updated_at = ${at}
      from json_each(${part}) as v
      where webhook_deliveries.id = json_extract(v.value, '$.id') and webhook_deliveries.lease_owner = ${owner}`.execute(tx.db);
  }
}

const EVENT_SEVERITY: Record<HealthEvent, 'warning' | 'error' | 'info'> = {
  'system.webhook.degraded': 'warning',
  'system.webhook.failing': 'error',
  'system.webhook.disabled': 'error',
  'system.webhook.recovered': 'info',
};

/** Statistics and health per webhook; returns the webhooks this batch switched off, with the reason. */
async function updateWebhooks(tx: Tx, dialect: Dialect, results: readonly AttemptResult[]) {
  const byWebhook = new Map<string, AttemptResult[]>();
  for (const r of results) {
    if (!r.attempt) continue;
    const list = byWebhook.get(r.delivery.webhook_id) ?? [];
    list.push(r);
    byWebhook.set(r.delivery.webhook_id, list);
  }
  const disabled = new Map<string, string>();
  if (byWebhook.size === 0) return disabled;
  // Locked in id order, so two workers writing the same webhooks take the locks in the same order.
  let read = tx.db.selectFrom('webhooks').select(['id', 'name', 'url', 'is_active', 'health_status', 'consecutive_failures', 'failing_since', 'disabled_reason'])
    .where('id', 'in', [...byWebhook.keys()]).orderBy('id');
  if (dialect === 'postgres') read = read.forUpdate();
  for (const hook of await read.execute()) {
    const webhookId = hook.id;
    const list = byWebhook.get(webhookId)!.sort((a, b) => a.at.getTime() - b.at.getTime());
    const { state, events } = applyOutcomes({
      isActive: hook.is_active, health: hook.health_status as Health, consecutiveFailures: hook.consecutive_failures,
      failingSince: hook.failing_since ? new Date(hook.failing_since).getTime() : null, disabledReason: hook.disabled_reason,
    }, list.map((r) => ({ ok: r.ok, httpStatus: r.attempt!.http_status ?? null, at: r.at.getTime() })));
    const ok = list.filter((r) => r.ok);
    const failed = list.filter((r) => !r.ok);
    const last = list[list.length - 1].at.toISOString();
    const switchedOff = hook.is_active && !state.isActive;
    await tx.db.updateTable('webhooks').set((eb) => ({
      total_deliveries: eb('total_deliveries', '+', list.length),
      successful_deliveries: eb('successful_deliveries', '+', ok.length),
      failed_deliveries: eb('failed_deliveries', '+', failed.length),
      total_response_ms: sql<number>`total_response_ms + ${list.reduce((sum, r) => sum + (r.attempt!.response_ms ?? 0), 0)}`,
      last_delivery_at: last,
      ...(ok.length ? { last_success_at: ok[ok.length - 1].at.toISOString() } : {}),
      ...(failed.length ? { last_failure_at: failed[failed.length - 1].at.toISOString() } : {}),
      health_status: state.health,
      health_checked_at: last,
      consecutive_failures: state.consecutiveFailures,
      failing_since: state.failingSince === null ? null : new Date(state.failingSince).toISOString(),
      disabled_reason: state.disabledReason,
      is_active: state.isActive,
      // Switching off touches updated_at, so every engine's routing cache drops the webhook.
      ...(switchedOff ? { updated_at: last } : {}),
    })).where('id', '=', webhookId).execute();
    if (switchedOff) disabled.set(webhookId, state.disabledReason ?? 'disabled');
    for (const type of events) {
      await recordEvent(tx, {
        type, severity: EVENT_SEVERITY[type], source: 'webhook-engine',
        payload: {
          webhookId, name: hook.name, url: hook.url, health: state.health, consecutiveFailures: state.consecutiveFailures,
          ...(type === 'system.webhook.disabled' ? { reason: state.disabledReason } : {}),
        },
        at: last,
      });
    }
  }
  return disabled;
}
