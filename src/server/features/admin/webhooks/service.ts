import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { COPY_SUFFIX, PREVIOUS_SECRET_HOURS, WEBHOOK_LIMITS, WEBHOOK_NOT_FOUND } from '../../../../common/admin/webhooks/texts.ts';
import type * as contracts from '../../../../common/admin/webhooks/contract.ts';
import { record } from '../../../audit/record.ts';
import type { Db } from '../../../db/transaction.ts';
import { notFound } from '../../../rpc/errors.ts';
import type { BackOfficeWriteContext } from '../../../rpc/context.ts';
import { operatorOf } from '../../../rpc/context.ts';
import {
  type AdminWebhook, deleteWebhooks as deleteWebhookRows, findWebhook, generateWebhookSecret, insertWebhook, insertWebhookCopy, listWebhookViews,
  rotateSecret, setWebhooksActive as setActive, updateWebhookSettings, webhookViewsByIds,
} from '../../events/index.ts';
import { checkedHeaders, checkedTemplate, checkedUrl, mergedAuthentication } from './webhookSettings.ts';
import { announce } from './writeContext.ts';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;

/** What an audit entry keeps of a webhook: its settings, never a secret or credential. */
const audited = (w: AdminWebhook) => ({
  name: w.name, url: w.url, method: w.method, isActive: w.isActive, headerNames: Object.keys(w.headers), authentication: w.authentication.type,
  retryPolicy: w.retryPolicy, payloadTransform: w.payloadTransform.enabled, config: w.config,
});

export async function listWebhooks(db: Db, input: In<typeof contracts.listWebhooks>, now: Date) {
  return listWebhookViews(db, { search: input.search ?? null, status: input.status, max: WEBHOOK_LIMITS.listMax }, now);
}

async function loadWebhook(db: Db, id: string, now: Date) {
  const found = await findWebhook(db, id, now);
  if (!found) throw notFound(WEBHOOK_NOT_FOUND);
  return found;
}

export async function saveWebhook(ctx: BackOfficeWriteContext, input: In<typeof contracts.saveWebhook>) {
  const db = ctx.tx.db;
  const time = ctx.services.clock.now();
  const existing = input.webhookId ? await loadWebhook(db, input.webhookId, time) : null;
  // Checked in the order of the form, so the first mistake is the one reported.
  const url = checkedUrl(input.url, ctx.services.config.WEBHOOK_ALLOWED_HOSTS);
  const headers = checkedHeaders(input.headers);
  const authentication = mergedAuthentication(input.authentication, existing ? existing.authentication : null);
  const transform = checkedTemplate(input.payloadTransform);
  const settings = {
    name: input.name,
    description: input.description,
    url,
    method: input.method,
    headers,
    authentication,
    maxRetries: input.retryPolicy.maxRetries,
    backoffStrategy: input.retryPolicy.backoffStrategy,
    initialDelayMs: input.retryPolicy.initialDelay,
    maxDelayMs: input.retryPolicy.maxDelay,
    transformEnabled: transform.enabled,
    transformTemplate: transform.template,
    timeoutMs: input.config.timeout,
    followRedirects: input.config.followRedirects,
  };
  const now = time.toISOString();
  let id: string;
  let secret: string | null = null;
  if (existing) {
    id = existing.webhook.webhookId;
    // Switched on again after the engine switched it off: it starts over as healthy.
    const restartHealth = input.isActive && !existing.webhook.isActive && existing.webhook.health.status === 'disabled';
    await updateWebhookSettings(db, id, settings, input.isActive, restartHealth, now);
  } else {
    id = randomUUID();
    secret = generateWebhookSecret();
    await insertWebhook(db, { id, settings, isActive: input.isActive, secret, createdBy: 'super_admin', createdByUserId: ctx.caller.userId, now });
  }
  const { webhook } = await loadWebhook(db, id, time);
  await record(ctx.tx, existing
    ? { actor: operatorOf(ctx), actingAs: null, action: 'webhook.updated', target: { type: 'webhook', id }, before: audited(existing.webhook), after: audited(webhook), requestId: ctx.requestId, at: now }
    : { actor: operatorOf(ctx), actingAs: null, action: 'webhook.created', target: { type: 'webhook', id }, before: null, after: audited(webhook), requestId: ctx.requestId, at: now });
  announce(ctx);
  return { success: true as const, created: !existing, webhook, secret };
}

export async function duplicateWebhook(ctx: BackOfficeWriteContext, webhookId: string) {
  const db = ctx.tx.db;
  const time = ctx.services.clock.now();
  const source = (await loadWebhook(db, webhookId, time)).webhook;
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const now = time.toISOString();
  const name = source.name.slice(0, WEBHOOK_LIMITS.nameMax - COPY_SUFFIX.length) + COPY_SUFFIX;
  await insertWebhookCopy(db, webhookId, { id, name, secret, createdByUserId: ctx.caller.userId, now });
  const { webhook } = await loadWebhook(db, id, time);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'webhook.duplicated', target: { type: 'webhook', id },
    before: null, after: { ...audited(webhook), copiedFrom: webhookId }, requestId: ctx.requestId, at: now,
  });
  announce(ctx);
  return { success: true as const, webhook, secret };
}

/** All the ids, or none: a stale page must not half-apply a bulk action. */
async function loadAll(db: Db, ids: readonly string[], now: Date): Promise<AdminWebhook[]> {
  const webhooks = await webhookViewsByIds(db, ids, now);
  if (webhooks.length !== ids.length) throw notFound(WEBHOOK_NOT_FOUND);
  return webhooks;
}

export async function setWebhooksActive(ctx: BackOfficeWriteContext, input: In<typeof contracts.setWebhooksActive>) {
  const db = ctx.tx.db;
  const time = ctx.services.clock.now();
  const webhooks = await loadAll(db, input.webhookIds, time);
  const now = time.toISOString();
  const disabled = input.isActive ? webhooks.filter((w) => w.health.status === 'disabled').map((w) => w.webhookId) : [];
  await setActive(db, input.webhookIds, input.isActive, disabled, now);
  for (const webhook of webhooks) {
    await record(ctx.tx, {
      actor: operatorOf(ctx), actingAs: null, action: input.isActive ? 'webhook.activated' : 'webhook.deactivated', target: { type: 'webhook', id: webhook.webhookId },
      before: { isActive: webhook.isActive, health: webhook.health.status }, after: { isActive: input.isActive }, requestId: ctx.requestId, at: now,
    });
  }
  announce(ctx);
  return { success: true as const, updated: webhooks.length };
}

export async function deleteWebhooks(ctx: BackOfficeWriteContext, input: In<typeof contracts.deleteWebhooks>) {
  const db = ctx.tx.db;
  const time = ctx.services.clock.now();
  const webhooks = await loadAll(db, input.webhookIds, time);
  const now = time.toISOString();
  const { deleted, flowsChanged } = await deleteWebhookRows(db, input.webhookIds, now);
  for (const webhook of webhooks) {
    await record(ctx.tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'webhook.deleted', target: { type: 'webhook', id: webhook.webhookId },
      before: audited(webhook), after: null, requestId: ctx.requestId, at: now,
    });
  }
  announce(ctx);
  return { success: true as const, deleted, flowsChanged };
}

export async function rotateWebhookSecret(ctx: BackOfficeWriteContext, webhookId: string) {
  const db = ctx.tx.db;
  const now = ctx.services.clock.now();
  await loadWebhook(db, webhookId, now);
  const secret = generateWebhookSecret();
  const previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000).toISOString();
  await rotateSecret(db, webhookId, secret, previousSecretExpiresAt, now.toISOString());
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'webhook.secret_rotated', target: { type: 'webhook', id: webhookId },
    before: null, after: { previousSecretExpiresAt }, requestId: ctx.requestId, at: now.toISOString(),
  });
  announce(ctx);
  return { success: true as const, secret, previousSecretExpiresAt };
}
