import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import type { Services } from '../rpc/context.ts';

const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });
const requestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route and status.',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/**
 * Times every request. Call on the root instance before registering routes: a hook added
 * inside a registered plugin only sees that plugin's own routes.
 */
export function observeRequestDurations(app: FastifyInstance, functionNames: ReadonlySet<string>) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    // Unknown names share one label so a client cannot grow the metric without bound.
    const fn = (request.params as { name?: string }).name ?? '';
    const name = route === '/api/fn/:name' ? `/api/fn/${functionNames.has(fn) ? fn : 'unknown'}` : route;
    requestDuration.labels(request.method, name, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
  });
}

/** /healthz (process up), /readyz (database answers), /metrics (Prometheus, only with METRICS_TOKEN). */
export async function opsRoutes(app: FastifyInstance, opts: { services: Services }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(opts.services.db);
      return { status: 'ready' };
    } catch (error) {
      app.log.error({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  const token = opts.services.config.METRICS_TOKEN;
  app.get('/metrics', async (request, reply) => {
    // Metrics name every route and its traffic: without a token they are not served at all (and
    // the path must not fall through to the web app, which would answer a scraper with a page).
    if (!token) {
      return reply.status(404).header('cache-control', 'no-store')
        .send({ error: { status: 'NOT_FOUND', message: 'Metrics are not enabled on this server (set METRICS_TOKEN).' } });
    }
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.status(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store')
        .send({ error: { status: 'UNAUTHENTICATED', message: 'A valid metrics token is required.' } });
    }
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
}

/** Constant-time comparison (hashed first so lengths do not leak either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
