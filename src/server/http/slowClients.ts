import type { FastifyInstance } from 'fastify';

/**
 * What a public server owes itself against clients that hold sockets without sending: headers
 * must arrive within a time-out, and a body at a minimum average rate once a grace period is
 * over, so a slow-loris client (one byte now and then) loses its socket instead of keeping it
 * for ever. Keep-alive outlasts the usual load balancer idle time-out (60 s) so the balancer,
 * not the portal, closes idle connections.
 */
export interface SlowClientLimits {
  headersTimeoutMs: number;
  /** A whole request, headers and body: bounds even a body that keeps the minimum rate. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Average bytes per second a body must reach, measured from the request's start... */
  minBodyBytesPerSecond: number;
  /** ...once this long has passed (a phone on a bad network starts slowly). */
  bodyGraceMs: number;
}

export const defaultSlowClientLimits: SlowClientLimits = {
  headersTimeoutMs: 15_000,
  // The WHMCS import's 56 MB at the minimum rate would take longer: the rate is what guards it.
  requestTimeoutMs: 15 * 60_000,
  keepAliveTimeoutMs: 72_000,
  minBodyBytesPerSecond: 4_096,
  bodyGraceMs: 10_000,
};

/**
 * The options Fastify takes at construction. Node checks the headers and request time-outs on a
 * timer (30 s by default, so a 15 s limit could last 45 s): here every second.
 */
export function fastifyTimeoutOptions(limits: SlowClientLimits) {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout, connectionsCheckingInterval: Math.min(1_000, headersTimeout) },
  };
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * Watches the bytes the request's socket has read (never the body stream itself, whose reading
 * belongs to the parser) and ends the connection of a body that falls under the minimum rate.
 */
export function enforceMinimumBodyRate(app: FastifyInstance, limits: SlowClientLimits): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const socket = raw.socket;
    // Injected requests (tests) have no real socket to measure.
    if (!hasBody(raw.headers) || typeof socket?.bytesRead !== 'number') return done();
    const startedAt = Date.now();
    const startBytes = socket.bytesRead;
    const check = () => {
      const seconds = (Date.now() - startedAt) / 1000;
      if (socket.bytesRead - startBytes >= limits.minBodyBytesPerSecond * seconds) return;
      stop();
      request.log.info({ bytes: socket.bytesRead - startBytes, seconds }, 'request body below the minimum rate: connection closed');
      socket.destroy();
    };
    let timer: NodeJS.Timeout | undefined = setTimeout(function tick() {
      check();
      if (timer) timer = setTimeout(tick, Math.max(250, limits.bodyGraceMs / 4));
    }, limits.bodyGraceMs);
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
