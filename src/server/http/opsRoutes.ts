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

/** /healthz (process up), /readyz (database answers), /metrics (Prometheus). */
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
  app.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
}
