import type { Kysely } from 'kysely';
import { EMPTY_FLOW_FILTERS, type FlowFilters } from '../../../../common/events/eventFlows.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import type { EngineFlow } from './matching.ts';

/** What the engine needs of a webhook to route to it and send to it. */
export interface EngineWebhook {
  id: string;
  name: string;
  url: string;
  method: string;
  isActive: boolean;
  headers: Record<string, string>;
  authentication: { type: string; token?: string; username?: string; password?: string };
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  maxRetries: number;
  backoffStrategy: string;
  initialDelayMs: number;
  maxDelayMs: number;
  transformEnabled: boolean;
  transformTemplate: string | null;
  timeoutMs: number;
  followRedirects: boolean;
}

export interface Routing {
  flows: EngineFlow[];
  webhooks: Map<string, EngineWebhook>;
}

function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) ?? fallback : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The active flows and every webhook, kept in memory and re-read only when the tables changed
 * (row count or newest updated_at moved: every save, delete, toggle, rotation and the engine's
 * own auto-disable touch updated_at). Fan-out then costs no reads of them per event.
 */
export function createRoutingCache(db: Kysely<Database>) {
  let version = '';
  let routing: Routing = { flows: [], webhooks: new Map() };

  async function currentVersion(reader: Db): Promise<string> {
    const [w, f] = await Promise.all([
      reader.selectFrom('webhooks').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')]).executeTakeFirstOrThrow(),
      reader.selectFrom('event_flows').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')]).executeTakeFirstOrThrow(),
    ]);
    return `${w.n}|${w.at}|${f.n}|${f.at}`;
  }

  async function load(reader: Db): Promise<Routing> {
    const [hooks, flows] = await Promise.all([
      reader.selectFrom('webhooks').selectAll().execute(),
      reader.selectFrom('event_flows').selectAll().where('is_active', '=', true).orderBy('created_at').orderBy('id').execute(),
    ]);
    const webhooks = new Map<string, EngineWebhook>();
    for (const h of hooks) {
      webhooks.set(h.id, {
        id: h.id, name: h.name, url: h.url, method: h.method, isActive: h.is_active,
        headers: parseJson(h.headers, {}),
        authentication: parseJson(h.authentication, { type: 'none' }),
        secret: h.secret, previousSecret: h.previous_secret,
        previousSecretExpiresAt: h.previous_secret_expires_at ? new Date(h.previous_secret_expires_at).getTime() : null,
        maxRetries: h.max_retries, backoffStrategy: h.backoff_strategy, initialDelayMs: h.initial_delay_ms, maxDelayMs: h.max_delay_ms,
        transformEnabled: h.transform_enabled, transformTemplate: h.transform_template,
        timeoutMs: h.timeout_ms, followRedirects: h.follow_redirects,
      });
    }
    return {
      webhooks,
      flows: flows.map((f) => ({
        id: f.id,
        triggers: parseJson(f.triggers, []),
        actions: parseJson(f.actions, []),
        filters: { ...EMPTY_FLOW_FILTERS, ...parseJson<Partial<FlowFilters>>(f.filters, {}) },
      })),
    };
  }

  return {
    /**
     * The routing as of now, read through `reader`: pass the open transaction to see what it
     * sees (on SQLite the transaction holds the only connection).
     */
    async get(reader: Db = db): Promise<Routing> {
      const now = await currentVersion(reader);
      if (now !== version) {
        routing = await load(reader);
        version = now;
      }
      return routing;
    },
    invalidate() {
      version = '';
    },
  };
}

export type RoutingCache = ReturnType<typeof createRoutingCache>;
