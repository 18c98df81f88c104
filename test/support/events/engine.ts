import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { EMPTY_FLOW_FILTERS, type FlowFilters, type FlowTrigger } from '../../../src/common/events/eventFlows.ts';
import type { Database } from '../../../src/server/db/schema.ts';
import { inTransaction } from '../../../src/server/db/transaction.ts';
import { generateWebhookSecret } from '../../../src/server/features/events/outbound/signature.ts';
import { type PlatformEvent, recordEvent } from '../../../src/server/events/recordEvent.ts';

// For the delivery engine's tests and benchmark: a local receiver, and webhooks and flows
// written as the webhook functions would save them.

export interface Received {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/** An HTTP server on 127.0.0.1 that records every request and answers as the test says. */
export async function startReceiver(answer: (request: Received, index: number) => Reply = () => ({ status: 200 })) {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const receiver = {
    received,
    answer,
    url: '',
    port: 0,
    /** Ends the requests left hanging (the receiver going away). */
    dropHanging() {
      for (const res of hanging) res.socket?.destroy();
      hanging.clear();
    },
    async close() {
      receiver.dropHanging();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { url: req.url ?? '', method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      received.push(request);
      const reply = receiver.answer(request, received.length - 1);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, reply.headers ?? {}).end(reply.body ?? '');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export interface WebhookFixture {
  url: string;
  name?: string;
  method?: 'POST' | 'PUT' | 'PATCH';
  isActive?: boolean;
  headers?: Record<string, string>;
  authentication?: Record<string, string>;
  maxRetries?: number;
  backoffStrategy?: 'exponential' | 'linear' | 'fixed';
  initialDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  followRedirects?: boolean;
  transformTemplate?: string | null;
  secret?: string;
  previousSecret?: string | null;
  previousSecretExpiresAt?: Date | null;
}

export async function insertWebhook(db: Kysely<Database>, w: WebhookFixture) {
  const id = randomUUID();
  const secret = w.secret ?? generateWebhookSecret();
  const at = new Date().toISOString();
  await db.insertInto('webhooks').values({
    id, name: w.name ?? `Hook ${id.slice(0, 6)}`, url: w.url, method: w.method ?? 'POST', is_active: w.isActive ?? true,
    headers: JSON.stringify(w.headers ?? {}), authentication: JSON.stringify(w.authentication ?? { type: 'none' }),
    secret, previous_secret: w.previousSecret ?? null, previous_secret_expires_at: w.previousSecretExpiresAt?.toISOString() ?? null,
    max_retries: w.maxRetries ?? 3, backoff_strategy: w.backoffStrategy ?? 'exponential', initial_delay_ms: w.initialDelayMs ?? 1000,
    max_delay_ms: w.maxDelayMs ?? 30_000, transform_enabled: Boolean(w.transformTemplate), transform_template: w.transformTemplate ?? null,
    timeout_ms: w.timeoutMs ?? 30_000, follow_redirects: w.followRedirects ?? false, created_at: at, updated_at: at,
  }).execute();
  return { id, secret };
}

export async function insertFlow(db: Kysely<Database>, flow: {
  webhookIds: string[];
  triggers?: FlowTrigger[];
  filters?: FlowFilters;
  isActive?: boolean;
  action?: { timeout?: number; retries?: number };
}) {
  const id = randomUUID();
  const at = new Date().toISOString();
  await db.insertInto('event_flows').values({
    id, name: `Flow ${id.slice(0, 6)}`, is_active: flow.isActive ?? true,
    triggers: JSON.stringify(flow.triggers ?? [{ eventType: '*', conditions: [] }]),
    actions: JSON.stringify(flow.webhookIds.map((webhookId) => ({
      type: 'webhook', name: 'Send', webhookId, conditions: [], config: { timeout: flow.action?.timeout ?? 30_000, retries: flow.action?.retries ?? 3 },
    }))),
    filters: JSON.stringify(flow.filters ?? EMPTY_FLOW_FILTERS), created_at: at, updated_at: at,
  }).execute();
  return id;
}

export async function emit(db: Kysely<Database>, event: Partial<PlatformEvent> = {}) {
  return inTransaction(db, (tx) => recordEvent(tx, { type: 'domain.renewed', payload: { domain: 'example.com' }, at: new Date().toISOString(), ...event } as PlatformEvent));
}
