import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { liveTopics } from '../../../../common/live.ts';
import type { Dialect } from '../../../db/connection.ts';
import type { Database } from '../../../db/schema.ts';
import type { Tx } from '../../../db/transaction.ts';
import { onDeliveryWork } from '../../../events/deliverySignal.ts';
import type { AllowList } from '../outbound/addressPolicy.ts';
import { createGuardedClient, type GuardedClient } from '../outbound/guardedHttp.ts';
import { type Clock, systemClock } from '../../../clock.ts';
import type { LiveBus } from '../../../live/bus.ts';
import { nextDelayMs, retryAfterMs } from './backoff.ts';
import { attemptHeaders, maskedHeaders } from './deliveryRequest.ts';
import { type AttemptResult, claimDue, type DeliveryRow, handBackLeases, recordResults } from './deliveryStore.ts';
import { dispatchBatch } from './dispatcher.ts';
import { createRoutingCache, type Routing, type RoutingCache } from './routingCache.ts';

export interface EngineOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  allow: AllowList;
  log: FastifyBaseLogger;
  live?: LiveBus;
  clock?: Clock;
  /** Events fanned out per transaction. */
  dispatchBatchSize?: number;
  /** Requests in flight at once in this process. */
  concurrency?: number;
  /** Results written per transaction. */
  recordBatchSize?: number;
  /** How often an idle engine looks for work other processes made (real time). */
  pollMs?: number;
  /** How long stop() lets running requests finish before cancelling them (real time). */
  stopTimeoutMs?: number;
  /** Tests: a routing cache standing in for the engine's own (one over `db`). */
  routing?: RoutingCache;
}

/** A lease outlives the longest request by this much, so only a dead worker's rows are taken over. */
const LEASE_MARGIN_MS = 30_000;
const LIVE_COALESCE_MS = 250;
/** Results wait this long for company before they are written: one commit per batch, not per request. */
const RECORD_DELAY_MS = 25;
const MAX_RUN_ONCE_ROUNDS = 1000;

interface InFlight {
  delivery: DeliveryRow;
  controller: AbortController;
  /** Set when stop() gave up on it: its outcome is not recorded and its lease is handed back. */
  abandoned: boolean;
  done: Promise<void>;
}

// A committed unit of work for live.publish outside any transaction: the data is already written.
const committed: Tx = {
  get db(): never { throw new Error('no transaction: the engine publishes after its own commits'); },
  afterCommit: (effect) => { void effect(); },
};

/**
 * The webhook delivery engine: a dispatcher that fans new events out into delivery rows, and a
 * deliverer that claims due rows under a lease, sends them (signed, guarded, bounded in number),
 * and records each attempt with the webhook's statistics and health. `runOnce()` does one full
 * pass at the clock's time (tests); `start()`/`stop()` run it as a loop woken by new work.
 */
export function createDeliveryEngine(options: EngineOptions) {
  const { db, dialect, log } = options;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const dispatchBatchSize = options.dispatchBatchSize ?? 200;
  const concurrency = options.concurrency ?? 64;
  const recordBatchSize = options.recordBatchSize ?? 500;
  const routing = options.routing ?? createRoutingCache(db);
  let client: GuardedClient | null = null;
  const http = () => (client ??= createGuardedClient({ allow: options.allow, maxSockets: concurrency }));

  const inFlight = new Map<string, InFlight>();
  let results: AttemptResult[] = [];
  let flushing: Promise<void> | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let dispatching: Promise<number> | null = null;
  let claiming: Promise<number> | null = null;
  let active = false;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let liveTimer: NodeJS.Timeout | null = null;

  function changed() {
    if (!options.live || liveTimer) return;
    liveTimer = setTimeout(() => {
      liveTimer = null;
      options.live!.publish(committed, liveTopics.adminEvents(), 'events.changed');
    }, LIVE_COALESCE_MS);
    liveTimer.unref();
  }

  async function guarded<T>(what: string, work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      log.error({ err: error }, `webhook engine: ${what} failed`);
      return fallback;
    }
  }

  /** Fans out every unprocessed event; returns how many events it took. */
  function dispatchAll(): Promise<number> {
    dispatching ??= (async () => {
      let total = 0;
      for (;;) {
        const wrote = await dispatchBatch({ db, dialect, routing, now: now(), batchSize: dispatchBatchSize });
        total += wrote.events;
        if (wrote.deliveries) {
          changed();
          if (active) kickDeliver();
        } else if (wrote.events) changed();
        if (wrote.events < dispatchBatchSize) return total;
      }
    })().finally(() => { dispatching = null; });
    return dispatching;
  }

  function flush(): Promise<void> {
    flushing ??= (async () => {
      while (results.length) {
        const batch = results.slice(0, recordBatchSize);
        results = results.slice(batch.length);
        const disabled = await guarded('recording attempts', () => recordResults(db, dialect, owner, batch), false);
        if (disabled) routing.invalidate();
        changed();
      }
    })().finally(() => {
      flushing = null;
      if (results.length) scheduleFlush();
    });
    return flushing;
  }

  function scheduleFlush() {
    if (results.length >= recordBatchSize && !flushing) {
      void flush();
      return;
    }
    // A running flush takes what arrives while it writes; otherwise wait a moment for more.
    if (flushTimer || flushing) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      void flush();
    }, RECORD_DELAY_MS);
  }

  async function attempt(entry: InFlight, routes: Routing): Promise<AttemptResult | null> {
    const { delivery } = entry;
    const webhook = routes.webhooks.get(delivery.webhook_id);
    if (!webhook || !webhook.isActive) {
      return {
        delivery, at: now(), attempt: null, ok: false, retryAt: null,
        error: webhook ? 'Not sent: the webhook is inactive' : 'Not sent: the webhook was deleted',
      };
    }
    const action = routes.flows.find((f) => f.id === delivery.flow_id)?.actions.find((a) => a.webhookId === webhook.id);
    const timeoutMs = Math.max(1, Math.min(action?.config?.timeout ?? webhook.timeoutMs, webhook.timeoutMs));
    const sentAt = now();
    const headers = attemptHeaders(webhook, delivery.id, delivery.payload, sentAt);
    const response = await http().send({
      url: webhook.url, method: webhook.method, headers, body: delivery.payload, timeoutMs, followRedirects: webhook.followRedirects,
    }, entry.controller.signal);
    if (entry.abandoned) return null;
    const at = now();
    const ok = response.error === null && response.status !== null && response.status >= 200 && response.status < 300;
    const error = ok ? null : response.error ?? `HTTP ${response.status}`;
    const attemptNo = delivery.attempts + 1;
    const retryAt = ok || attemptNo >= delivery.max_attempts || response.status === 410
      ? null
      : new Date(at.getTime() + nextDelayMs(
        { strategy: webhook.backoffStrategy, initialDelayMs: webhook.initialDelayMs, maxDelayMs: webhook.maxDelayMs },
        attemptNo, retryAfterMs(response.headers['retry-after'], at),
      ));
    return {
      delivery, at, ok, retryAt, error,
      attempt: {
        status: ok ? 'success' : 'failed', http_status: response.status, response_ms: response.responseMs, error,
        request_url: response.url, request_headers: JSON.stringify(maskedHeaders(headers)),
        response_headers: response.status === null ? null : JSON.stringify(response.headers),
        response_body: response.status === null ? null : response.body, response_truncated: response.truncated,
      },
    };
  }

  function launch(delivery: DeliveryRow, routes: Routing) {
    const entry: InFlight = { delivery, controller: new AbortController(), abandoned: false, done: Promise.resolve() };
    inFlight.set(delivery.id, entry);
    entry.done = attempt(entry, routes)
      .catch((error) => {
        log.error({ err: error, deliveryId: delivery.id }, 'webhook engine: attempt failed unexpectedly');
        return null;
      })
      .then((result) => {
        inFlight.delete(delivery.id);
        if (result) {
          results.push(result);
          scheduleFlush();
        }
        if (active) kickDeliver();
      });
  }

  /** Claims up to `limit` due rows under a lease that outlives the longest request, and starts them; returns how many. */
  async function claimAndLaunch(limit: number): Promise<number> {
    if (limit <= 0) return 0;
    let routes = await routing.get();
    let longest = 0;
    for (const w of routes.webhooks.values()) longest = Math.max(longest, w.timeoutMs);
    const rows = await claimDue(db, dialect, { owner, now: now(), leaseMs: longest + LEASE_MARGIN_MS, limit });
    // A row fanned out after the routing above was read may name a webhook saved or switched on
    // since: read it again rather than close that delivery as deleted or inactive.
    if (rows.some((row) => !routes.webhooks.get(row.webhook_id)?.isActive)) routes = await routing.get();
    for (const row of rows) launch(row, routes);
    return rows.length;
  }

  function kickDeliver() {
    if (!active || claiming) return;
    const free = concurrency - inFlight.size;
    // Claim in batches, not one row per finished request: each claim is a database round trip.
    if (free < Math.max(1, Math.floor(concurrency / 2)) && inFlight.size > 0) return;
    claiming = guarded('claiming deliveries', () => claimAndLaunch(free), 0).finally(() => { claiming = null; });
    void claiming.then((n) => { if (n > 0 && active) kickDeliver(); });
  }

  function kick() {
    if (!active) return;
    void guarded('fan-out', dispatchAll, 0);
    kickDeliver();
  }

  return {
    owner,
    /**
     * One full pass at the clock's current time: fans out every new event, sends every due
     * delivery (and any that become due at the same time), records the results. For tests and
     * benchmarks that move the clock instead of sleeping.
     */
    async runOnce(): Promise<{ events: number; attempts: number }> {
      let events = 0;
      let attempts = 0;
      for (let round = 0; round < MAX_RUN_ONCE_ROUNDS; round += 1) {
        events += await dispatchAll();
        const before = attempts;
        while (true) {
          const launched = await claimAndLaunch(concurrency);
          if (launched === 0) break;
          attempts += launched;
          await Promise.all([...inFlight.values()].map((e) => e.done));
          await flush();
        }
        if (attempts === before) break;
      }
      await flush();
      return { events, attempts };
    },
    start() {
      if (active) return;
      active = true;
      unsubscribe = onDeliveryWork(kick);
      timer = setInterval(kick, options.pollMs ?? 500);
      timer.unref();
      kick();
    },
    /** Stops claiming, lets running requests finish for a while, cancels the rest and hands their leases back. */
    async stop() {
      active = false;
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      await dispatching?.catch(() => undefined);
      await claiming;
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise((resolve) => { graceTimer = setTimeout(resolve, options.stopTimeoutMs ?? 5000); });
      await Promise.race([Promise.all([...inFlight.values()].map((e) => e.done)), graceOver]);
      clearTimeout(graceTimer);
      for (const entry of inFlight.values()) {
        entry.abandoned = true;
        entry.controller.abort();
      }
      await Promise.all([...inFlight.values()].map((e) => e.done));
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      await flushing;
      await flush();
      await guarded('handing leases back', () => handBackLeases(db, owner), undefined);
      client?.close();
      client = null;
      if (liveTimer) {
        clearTimeout(liveTimer);
        liveTimer = null;
        options.live?.publish(committed, liveTopics.adminEvents(), 'events.changed');
      }
    },
  };
}

export type DeliveryEngine = ReturnType<typeof createDeliveryEngine>;
