import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { COPY_SUFFIX, PREVIOUS_SECRET_HOURS, WEBHOOK_LIMITS, WEBHOOK_NOT_FOUND } from '../../../../common/admin/webhooks/texts.ts';
import type * as contracts from '../../../../common/admin/webhooks/contract.ts';
import type { FlowAction } from '../../../../common/events/eventFlows.ts';
import { record } from '../../../audit/record.ts';
import type { Db } from '../../../db/transaction.ts';
import { generateWebhookSecret } from '../../events/index.ts';
import { notFound } from '../../../rpc/errors.ts';
import type { BackOfficeWriteContext } from '../../../rpc/context.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { flowActions, toAdminWebhook } from './presenters.ts';
import {
  deleteWebhookRows, flowsMentioning, insertWebhook, updateFlow, updateWebhook, updateWebhooks, webhookById, webhooksByIds,
  webhooksMatching, type WebhookRow,
} from './repository.ts';
import { checkedHeaders, checkedTemplate, checkedUrl, mergedAuthentication, parseAuthentication } from './webhookSettings.ts';
import { announce } from './writeContext.ts';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type AdminWebhook = ReturnType<typeof toAdminWebhook>;


/** What an audit entry keeps of a webhook: its settings, never a secret or credential. */
const audited = (w: AdminWebhook) => ({
  name: w.name, url: w.url, method: w.method, isActive: w.isActive, headerNames: Object.keys(w.headers), authentication: w.authentication.type,
  retryPolicy: w.retryPolicy, payloadTransform: w.payloadTransform.enabled, config: w.config,
});

export async function listWebhooks(db: Db, input: In<typeof contracts.listWebhooks>, now: Date) {
  const rows = await webhooksMatching(db, { search: input.search ?? null, status: input.status, limit: WEBHOOK_LIMITS.listMax + 1 });
  return { webhooks: rows.slice(0, WEBHOOK_LIMITS.listMax).map((r) => toAdminWebhook(r, now.getTime())), truncated: rows.length > WEBHOOK_LIMITS.listMax };
}

async function loadWebhook(db: Db, id: string): Promise<WebhookRow> {
  const row = await webhookById(db, id);
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

/** Every statistic and health field of a webhook that starts afresh (spec §4: healthy, zero statistics). */
const FRESH_STATE = {
  total_deliveries: 0, successful_deliveries: 0, failed_deliveries: 0, total_response_ms: 0,
  last_delivery_at: null, last_success_at: null, last_failure_at: null,
  health_status: 'healthy', health_checked_at: null, consecutive_failures: 0, failing_since: null, disabled_reason: null,
} as const;

export async function saveWebhook(ctx: BackOfficeWriteContext, input: In<typeof contracts.saveWebhook>) {
  const db = ctx.tx.db;
  const existing = input.webhookId ? await loadWebhook(db, input.webhookId) : null;
  const settings = {
    name: input.name,
    description: input.description,
    url: checkedUrl(input.url, ctx.services.config.WEBHOOK_ALLOWED_HOSTS),
    method: input.method,
    headers: JSON.stringify(checkedHeaders(input.headers)),
    authentication: JSON.stringify(mergedAuthentication(input.authentication, existing ? parseAuthentication(existing.authentication) : null)),
    max_retries: input.retryPolicy.maxRetries,
    backoff_strategy: input.retryPolicy.backoffStrategy,
    initial_delay_ms: input.retryPolicy.initialDelay,
    max_delay_ms: input.retryPolicy.maxDelay,
    ...(() => { const t = checkedTemplate(input.payloadTransform); return { transform_enabled: t.enabled, transform_template: t.template }; })(),
    timeout_ms: input.config.timeout,
    follow_redirects: input.config.followRedirects,
  };
  const time = ctx.services.clock.now();
  const now = time.toISOString();
  let id: string;
  let secret: string | null = null;
  if (existing) {
    id = existing.id;
    const reactivated = input.isActive && !existing.is_active;
    await updateWebhook(db, id, {
      ...settings, is_active: input.isActive, updated_at: now,
      // Switched on again after the engine switched it off: it starts over as healthy.
      ...(reactivated && existing.health_status === 'disabled' ? { health_status: 'healthy', consecutive_failures: 0, failing_since: null, disabled_reason: null } : {}),
    });
  } else {
    id = randomUUID();
    secret = generateWebhookSecret();
    await insertWebhook(db, {
      id, ...settings, is_active: input.isActive, secret, previous_secret: null, previous_secret_expires_at: null,
      created_by: 'super_admin', created_by_user_id: ctx.caller.userId, created_at: now, updated_at: now, ...FRESH_STATE,
    });
  }
  const webhook = toAdminWebhook(await loadWebhook(db, id), time.getTime());
  await record(ctx.tx, existing
    ? { actor: operatorOf(ctx), actingAs: null, action: 'webhook.updated', target: { type: 'webhook', id }, before: audited(toAdminWebhook(existing, time.getTime())), after: audited(webhook), requestId: ctx.requestId, at: now }
    : { actor: operatorOf(ctx), actingAs: null, action: 'webhook.created', target: { type: 'webhook', id }, before: null, after: audited(webhook), requestId: ctx.requestId, at: now });
  announce(ctx);
  return { success: true as const, created: !existing, webhook, secret };
}

export async function duplicateWebhook(ctx: BackOfficeWriteContext, webhookId: string) {
  const db = ctx.tx.db;
  const source = await loadWebhook(db, webhookId);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const time = ctx.services.clock.now();
  const now = time.toISOString();
  const name = source.name.slice(0, WEBHOOK_LIMITS.nameMax - COPY_SUFFIX.length) + COPY_SUFFIX;
  await insertWebhook(db, {
    id, name, description: source.description, url: source.url, method: source.method, headers: source.headers,
    authentication: source.authentication, max_retries: source.max_retries, backoff_strategy: source.backoff_strategy,
    initial_delay_ms: source.initial_delay_ms, max_delay_ms: source.max_delay_ms, transform_enabled: source.transform_enabled,
    transform_template: source.transform_template, timeout_ms: source.timeout_ms, follow_redirects: source.follow_redirects,
    is_active: false, secret, previous_secret: null, previous_secret_expires_at: null,
    created_by: 'duplicate', created_by_user_id: ctx.caller.userId, created_at: now, updated_at: now, ...FRESH_STATE,
  });
  const webhook = toAdminWebhook(await loadWebhook(db, id), time.getTime());
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'webhook.duplicated', target: { type: 'webhook', id },
    before: null, after: { ...audited(webhook), copiedFrom: webhookId }, requestId: ctx.requestId, at: now,
  });
  announce(ctx);
  return { success: true as const, webhook, secret };
}

/** All the ids, or none: a stale page must not half-apply a bulk action. */
async function loadAll(db: Db, ids: readonly string[]): Promise<WebhookRow[]> {
  const rows = await webhooksByIds(db, ids);
  if (rows.length !== ids.length) throw notFound(WEBHOOK_NOT_FOUND);
  return rows;
}

export async function setWebhooksActive(ctx: BackOfficeWriteContext, input: In<typeof contracts.setWebhooksActive>) {
  const db = ctx.tx.db;
  const rows = await loadAll(db, input.webhookIds);
  const now = ctx.services.clock.nowIso();
  await updateWebhooks(db, input.webhookIds, { is_active: input.isActive, updated_at: now });
  if (input.isActive) {
    const disabled = rows.filter((r) => r.health_status === 'disabled').map((r) => r.id);
    if (disabled.length) await updateWebhooks(db, disabled, { health_status: 'healthy', consecutive_failures: 0, failing_since: null, disabled_reason: null });
  }
  for (const row of rows) {
    await record(ctx.tx, {
      actor: operatorOf(ctx), actingAs: null, action: input.isActive ? 'webhook.activated' : 'webhook.deactivated', target: { type: 'webhook', id: row.id },
      before: { isActive: row.is_active, health: row.health_status }, after: { isActive: input.isActive }, requestId: ctx.requestId, at: now,
    });
  }
  announce(ctx);
  return { success: true as const, updated: rows.length };
}

export async function deleteWebhooks(ctx: BackOfficeWriteContext, input: In<typeof contracts.deleteWebhooks>) {
  const db = ctx.tx.db;
  const rows = await loadAll(db, input.webhookIds);
  const gone = new Set(input.webhookIds);
  const time = ctx.services.clock.now();
  const now = time.toISOString();
  let flowsChanged = 0;
  for (const flow of await flowsMentioning(db, input.webhookIds)) {
    const actions = flowActions(flow);
    const kept = actions.filter((a: FlowAction) => !gone.has(a.webhookId));
    if (kept.length === actions.length) continue;
    await updateFlow(db, flow.id, { actions: JSON.stringify(kept), updated_at: now });
    flowsChanged += 1;
  }
  const deleted = await deleteWebhookRows(db, input.webhookIds);
  for (const row of rows) {
    await record(ctx.tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'webhook.deleted', target: { type: 'webhook', id: row.id },
      before: audited(toAdminWebhook(row, time.getTime())), after: null, requestId: ctx.requestId, at: now,
    });
  }
  announce(ctx);
  return { success: true as const, deleted, flowsChanged };
}

export async function rotateWebhookSecret(ctx: BackOfficeWriteContext, webhookId: string) {
  const db = ctx.tx.db;
  const row = await loadWebhook(db, webhookId);
  const secret = generateWebhookSecret();
  const now = ctx.services.clock.now();
  const previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000).toISOString();
  await updateWebhook(db, webhookId, {
    secret, previous_secret: row.secret, previous_secret_expires_at: previousSecretExpiresAt, updated_at: now.toISOString(),
  });
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'webhook.secret_rotated', target: { type: 'webhook', id: webhookId },
    before: null, after: { previousSecretExpiresAt }, requestId: ctx.requestId, at: now.toISOString(),
  });
  announce(ctx);
  return { success: true as const, secret, previousSecretExpiresAt };
}
