import { randomBytes } from 'node:crypto';
import type { DeliveryStatus } from '../../../src/server/db/schema.ts';
import type { TestApp } from '../testApp.ts';

// Rows of the event system written straight into the database, for the delivery log's tests and
// samples: the engine that makes them in production is not what those tests are about.

const uid = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export interface WebhookRowOptions {
  id?: string;
  name?: string;
  url?: string;
  isActive?: boolean;
  headers?: Record<string, string>;
}

export async function insertWebhookRow(t: TestApp, o: WebhookRowOptions = {}): Promise<string> {
  const id = o.id ?? uid('wh');
  const now = new Date().toISOString();
  await t.services.db.insertInto('webhooks').values({
    id, name: o.name ?? `Receiver ${id.slice(-4)}`, url: o.url ?? 'https://hooks.example.test/in', is_active: o.isActive ?? true,
    headers: JSON.stringify(o.headers ?? {}), secret: `whsec_${randomBytes(32).toString('base64')}`, created_at: now, updated_at: now,
  }).execute();
  return id;
}

export interface EventRowOptions { id?: string; type?: string; severity?: 'info' | 'warning' | 'error' | 'critical'; createdAt?: string }

/** An event already fanned out (processed), so a running dispatcher would leave it alone. */
export async function insertEventRow(t: TestApp, o: EventRowOptions = {}): Promise<string> {
  const id = o.id ?? uid('evt');
  await t.services.db.insertInto('platform_events').values({
    id, event_type: o.type ?? 'domain.registration.completed', severity: o.severity ?? 'info', source: 'portal.domains',
    account_id: null, actor_user_id: null, acting_as_account_id: null, correlation_id: null,
    payload: JSON.stringify({ domain: 'example.com' }), context: '{}', processed: true, created_at: o.createdAt ?? new Date().toISOString(),
  }).execute();
  return id;
}

export interface DeliveryRowOptions {
  id?: string;
  eventId?: string;
  eventType?: string;
  webhookId: string;
  status?: DeliveryStatus;
  attempts?: number;
  maxAttempts?: number;
  createdAt?: string;
  payload?: string;
  lastHttpStatus?: number | null;
  lastError?: string | null;
  leaseUntil?: string | null;
}

export async function insertDeliveryRow(t: TestApp, o: DeliveryRowOptions): Promise<string> {
  const id = o.id ?? uid('msg');
  const createdAt = o.createdAt ?? new Date().toISOString();
  const status = o.status ?? 'failed';
  const attempts = o.attempts ?? (status === 'pending' ? 0 : 4);
  await t.services.db.insertInto('webhook_deliveries').values({
    id, event_id: o.eventId ?? uid('evt'), event_type: o.eventType ?? 'domain.registration.completed', webhook_id: o.webhookId, flow_id: null,
    status, attempts, max_attempts: o.maxAttempts ?? 4,
    next_attempt_at: status === 'pending' ? createdAt : null,
    lease_until: o.leaseUntil ?? null, lease_owner: o.leaseUntil ? 'worker-1' : null,
    payload: o.payload ?? JSON.stringify({ id, type: o.eventType ?? 'domain.registration.completed', data: { domain: 'example.com' } }),
    last_http_status: o.lastHttpStatus === undefined ? (status === 'failed' ? 500 : status === 'success' ? 200 : null) : o.lastHttpStatus,
    last_response_ms: status === 'pending' ? null : 120,
    last_error: o.lastError === undefined ? (status === 'failed' ? 'HTTP 500' : null) : o.lastError,
    created_at: createdAt, updated_at: createdAt, completed_at: status === 'pending' ? null : createdAt,
  }).execute();
  return id;
}

export interface AttemptRowOptions {
  deliveryId: string;
  webhookId: string;
  eventId: string;
  attempt: number;
  status?: 'success' | 'failed';
  httpStatus?: number | null;
  error?: string | null;
  requestUrl?: string;
  requestHeaders?: Record<string, string>;
  responseHeaders?: Record<string, string | string[]> | null;
  responseBody?: string | null;
  truncated?: boolean;
  createdAt?: string;
}

export async function insertAttemptRow(t: TestApp, o: AttemptRowOptions): Promise<string> {
  const id = uid('att');
  await t.services.db.insertInto('webhook_delivery_attempts').values({
    id, delivery_id: o.deliveryId, webhook_id: o.webhookId, event_id: o.eventId, attempt: o.attempt, status: o.status ?? 'failed',
    http_status: o.httpStatus === undefined ? 500 : o.httpStatus, response_ms: 87, error: o.error === undefined ? 'HTTP 500' : o.error,
    request_url: o.requestUrl ?? 'https://hooks.example.test/in',
    request_headers: JSON.stringify(o.requestHeaders ?? { 'content-type': 'application/json', 'webhook-id': o.deliveryId }),
    response_headers: o.responseHeaders === null ? null : JSON.stringify(o.responseHeaders ?? { 'content-type': 'text/plain' }),
    response_body: o.responseBody === undefined ? 'Internal Server Error' : o.responseBody, response_truncated: o.truncated ?? false,
    created_at: o.createdAt ?? new Date().toISOString(),
  }).execute();
  return id;
}
