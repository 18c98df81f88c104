import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { averageOf, successRate, webhookBadge } from '../../../../common/admin/webhooks/texts.ts';
import type { adminFlow } from '../../../../common/admin/flows/contract.ts';
import type { adminWebhook } from '../../../../common/admin/webhooks/contract.ts';
import { EMPTY_FLOW_FILTERS, type FlowAction, type FlowFilters, type FlowTrigger } from '../../../../common/events/eventFlows.ts';
import type { EventFlowsTable, WebhooksTable } from '../../../db/schema.ts';

/** Webhooks and flows as operators see them, from their stored rows. */

export type AdminWebhook = z.input<typeof adminWebhook>;
export type AdminFlow = z.input<typeof adminFlow>;
export type WebhookRow = Selectable<WebhooksTable>;
export type FlowRow = Selectable<EventFlowsTable>;

/** A webhook's credentials as stored (JSON); pages see only which kind and whether it is set. */
export interface StoredAuthentication { type: 'none' | 'bearer' | 'basic'; token?: string; username?: string; password?: string }

export function parseAuthentication(text: string): StoredAuthentication {
  try {
    const value = JSON.parse(text) as StoredAuthentication;
    return value && typeof value === 'object' && ['none', 'bearer', 'basic'].includes(value.type) ? value : { type: 'none' };
  } catch {
    return { type: 'none' };
  }
}

function parsedJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A webhook as every page sees it: settings, statistics, health and badge; never a secret. */
export function toAdminWebhook(row: WebhookRow, now: number): AdminWebhook {
  const auth = parseAuthentication(row.authentication);
  const isActive = row.is_active;
  const total = Number(row.total_deliveries);
  const successful = Number(row.successful_deliveries);
  const previousExpires = row.previous_secret_expires_at;
  return {
    webhookId: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    method: row.method,
    isActive,
    headers: parsedJson<Record<string, string>>(row.headers, {}),
    authentication: auth.type === 'bearer' ? { type: 'bearer', tokenSet: Boolean(auth.token) }
      : auth.type === 'basic' ? { type: 'basic', username: auth.username ?? '', passwordSet: Boolean(auth.password) }
        : { type: 'none' },
    retryPolicy: {
      maxRetries: Number(row.max_retries), backoffStrategy: row.backoff_strategy as AdminWebhook['retryPolicy']['backoffStrategy'],
      initialDelay: Number(row.initial_delay_ms), maxDelay: Number(row.max_delay_ms),
    },
    payloadTransform: { enabled: row.transform_enabled, template: row.transform_template },
    config: { timeout: Number(row.timeout_ms), followRedirects: row.follow_redirects },
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    statistics: {
      totalDeliveries: total,
      successfulDeliveries: successful,
      failedDeliveries: Number(row.failed_deliveries),
      successRate: successRate(successful, total),
      averageResponseTime: averageOf(Number(row.total_response_ms), total),
      lastDelivery: row.last_delivery_at,
      lastSuccess: row.last_success_at,
      lastFailure: row.last_failure_at,
    },
    health: {
      status: row.health_status,
      lastCheck: row.health_checked_at,
      consecutiveFailures: Number(row.consecutive_failures),
      uptime: total > 0 ? successRate(successful, total) : 100,
      disabledReason: row.disabled_reason,
    },
    badge: webhookBadge(isActive, row.health_status),
    previousSecretExpiresAt: previousExpires && Date.parse(previousExpires) > now ? previousExpires : null,
  };
}

export const flowTriggers = (row: FlowRow) => parsedJson<FlowTrigger[]>(row.triggers, []);
export const flowActions = (row: FlowRow) => parsedJson<FlowAction[]>(row.actions, []);
export function flowFilters(row: FlowRow): FlowFilters {
  const stored = parsedJson<Partial<FlowFilters>>(row.filters, {});
  return { ...EMPTY_FLOW_FILTERS, ...stored };
}

/** A flow with each action's webhook named (null once deleted) and its statistics. */
export function toAdminFlow(row: FlowRow, webhooks: ReadonlyMap<string, { name: string; isActive: boolean }>): AdminFlow {
  const executions = Number(row.total_executions);
  return {
    flowId: row.id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    triggers: flowTriggers(row).map((t) => ({ eventType: t.eventType, conditions: t.conditions ?? [] })),
    actions: flowActions(row).map((a) => {
      const webhook = webhooks.get(a.webhookId);
      return { ...a, conditions: a.conditions ?? [], webhookName: webhook?.name ?? null, webhookActive: webhook?.isActive ?? false };
    }),
    filters: flowFilters(row),
    statistics: {
      totalEvents: Number(row.total_events),
      totalExecutions: executions,
      successRate: successRate(Number(row.successful_executions), executions),
      lastExecution: row.last_execution_at,
      averageExecutionTime: averageOf(Number(row.total_execution_ms), executions),
    },
  };
}
