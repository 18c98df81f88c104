import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { LIVE_EVENT_KINDS, type LiveMessage } from '../../common/live.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus } from './bus.ts';
import { TopicListeners } from './topicListeners.ts';

export interface PostgresBusOptions {
  /** The LISTEN connection's own URL: it is held open for the process's lifetime, outside the pool. */
  connectionString: string;
  /** The app's database: NOTIFY goes out on a pooled connection. */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** One channel for every topic; the payload names the topic. */
  channel?: string;
  applicationName?: string;
}

const MAX_RECONNECT_DELAY_MS = 30_000;
/** A silently dead connection (a NAT or proxy dropped it) only shows when we talk on it. */
const PING_INTERVAL_MS = 30_000;
const PING_TIMEOUT_MS = 10_000;
const kinds = new Set<string>(LIVE_EVENT_KINDS);

/**
 * The scaled mode's bus. Each process holds one dedicated LISTEN connection (opened on the first
 * subscription) and hands notifications to its own subscribers; a write NOTIFYs on the pool after
 * its commit, and every process, the writer's included, hears it through LISTEN. After a lost
 * connection it reconnects with backoff and tells every subscriber to resync, since messages
 * sent in between are gone.
 */
export function createPostgresBus(options: PostgresBusOptions): LiveBus {
  const { db, log } = options;
  const channel = options.channel ?? 'portal_live';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid live channel name ${channel}`);
  const listeners = new TopicListeners(log);
  let active: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  function onNotification(payload: string | undefined) {
    let message: LiveMessage;
    try {
      message = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (typeof message?.topic === 'string' && kinds.has(message.kind)) listeners.deliver({ topic: message.topic, kind: message.kind });
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: options.connectionString, application_name: options.applicationName ?? 'portal-live',
        keepAlive: true, query_timeout: PING_TIMEOUT_MS,
      });
      client.on('notification', (n) => { if (n.channel === channel) onNotification(n.payload); });
      client.on('error', (error) => {
        log.warn({ err: error }, 'live bus connection failed');
        lost(client);
      });
      client.on('end', () => lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN "${channel}"`);
      } catch (error) {
        connecting = null;
        client.end().catch(() => {});
        throw error;
      }
      if (closed) {
        await client.end();
        throw new Error('live bus closed');
      }
      active = client;
      failures = 0;
      ping = setInterval(() => {
        client.query('select 1').catch((error) => {
          log.warn({ err: error }, 'live bus connection failed');
          lost(client);
        });
      }, PING_INTERVAL_MS);
      ping.unref();
    })();
    return connecting;
  }

  function lost(client: pg.Client) {
    if (client !== active) return;
    clearInterval(ping);
    active = null;
    connecting = null;
    client.end().catch(() => {});
    if (!closed && listeners.size > 0) scheduleReconnect();
  }

  function scheduleReconnect() {
    if (reconnectTimer) return;
    const delay = Math.min(MAX_RECONNECT_DELAY_MS, 250 * 2 ** failures);
    failures += 1;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = null;
      try {
        await connect();
        log.info({ topics: listeners.size }, 'live bus reconnected');
        for (const topic of listeners.topics()) listeners.deliver({ topic, kind: 'resync' } as LiveMessage);
      } catch (error) {
        if (closed) return;
        log.warn({ err: error, failures }, 'live bus reconnect failed');
        scheduleReconnect();
      }
    }, delay);
  }

  return {
    kind: 'postgres',
    publish(tx, topic, kind) {
      const payload = JSON.stringify({ topic, kind });
      tx.afterCommit(async () => { await sql`select pg_notify(${channel}, ${payload})`.execute(db); });
    },
    async subscribe(topic, listener) {
      const stop = listeners.add(topic, listener);
      try {
        await connect();
      } catch (error) {
        stop();
        throw error;
      }
      return stop;
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      clearInterval(ping);
      const client = active;
      active = null;
      await client?.end().catch(() => {});
    },
  };
}
