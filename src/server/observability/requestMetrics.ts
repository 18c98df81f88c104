import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { processRegistry } from './processMetrics.ts';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route and status.',
  labelNames: ['method', 'route', 'status'],
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

export type FunctionOutcome = 'ok' | 'client_error' | 'server_error' | 'rate_limited';

const functionDuration = new client.Histogram({
  name: 'portal_function_duration_seconds',
  help: 'Duration of calls to POST /api/fn/{function}, by function and outcome (ok, client_error, server_error, rate_limited).',
  labelNames: ['function', 'outcome'],
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

/** 429 is its own outcome: a refused budget is neither the caller's mistake nor ours, and alerts differ. */
export function functionOutcome(status: number): FunctionOutcome {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  return 'ok';
}

const FUNCTION_PREFIX = '/api/fn/';
/** Every name a client sends that is not a function: one label, so a client cannot grow the metric without bound. */
export const UNKNOWN_FUNCTION = 'unknown';

/**
 * Times every request. Call on the root instance before registering routes: a hook added
 * inside a registered plugin only sees that plugin's own routes.
 */
export function observeRequestDurations(app: FastifyInstance, functionNames: ReadonlySet<string>) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    if (!route.startsWith(FUNCTION_PREFIX)) {
      requestDuration.labels(request.method, route, String(reply.statusCode)).observe(seconds);
      return;
    }
    // '/api/fn/:name', or the static route of a function with a body limit of its own.
    const asked = (request.params as { name?: string }).name ?? route.slice(FUNCTION_PREFIX.length);
    const fn = functionNames.has(asked) ? asked : UNKNOWN_FUNCTION;
    requestDuration.labels(request.method, `${FUNCTION_PREFIX}${fn}`, String(reply.statusCode)).observe(seconds);
    functionDuration.labels(fn, functionOutcome(reply.statusCode)).observe(seconds);
  });
}
