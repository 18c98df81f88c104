import type { FastifyBaseLogger } from 'fastify';
import { once } from 'node:events';
import { Redis } from 'ioredis';

/** A Redis call that has not answered by then is treated as a failed store: the call is admitted. */
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * The Redis connection of the function rate limits (REDIS_URL). Commands are never queued while
 * the connection is down, as rate-limiter-flexible advises: a call must not wait for Redis to come
 * back, it is admitted instead (createFunctionLimits). ioredis reconnects on its own.
 */
export function openLimitRedis(url: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS });
  // ioredis emits an error on every failed reconnect; one line per outage is enough for an operator.
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis of the function rate limits unreachable; calls are admitted uncounted until it is back');
  });
  client.on('ready', () => {
    if (down) log.info('Redis of the function rate limits reachable again');
    down = false;
  });
  return client;
}

/** How long a starting portal waits for Redis before serving with the limits failing open. */
const READY_WAIT_MS = 5_000;

/** Resolves when the connection is ready or READY_WAIT_MS have passed: a Redis outage must not keep the portal from starting. */
export async function limitRedisReady(client: Redis): Promise<void> {
  if (client.status === 'ready') return;
  await once(client, 'ready', { signal: AbortSignal.timeout(READY_WAIT_MS) }).catch(() => undefined);
}
