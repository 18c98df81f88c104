import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import { readWebhookHealth } from '../features/events/index.ts';
import { registerJobQueueMetrics, type QueueStatsSource } from '../observability/jobQueueMetrics.ts';
import { processRegistry } from '../observability/processMetrics.ts';
import { registerWebhookMetrics } from '../observability/webhookMetrics.ts';
import type { Services } from '../rpc/context.ts';

export { observeRequestDurations } from '../observability/requestMetrics.ts';

export interface OpsRoutesOptions {
  services: Services;
  /** The job store's per-queue counts (`JobQueue.queueStats`), shown as the portal_job_queue_* gauges. */
  queueStats?: QueueStatsSource;
}

/** /healthz (process up), /readyz (database answers), /metrics (Prometheus, only with METRICS_TOKEN). */
export async function opsRoutes(app: FastifyInstance, opts: OpsRoutesOptions) {
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
  // What is read from this app's database at scrape time sits beside the process's own metrics.
  const scrape = new client.Registry();
  registerWebhookMetrics(() => readWebhookHealth(opts.services.db), opts.services.clock, { registry: scrape, log: app.log });
  if (opts.queueStats) registerJobQueueMetrics(opts.queueStats, { registry: scrape, log: app.log });
  const registry = client.Registry.merge([processRegistry, scrape]);
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
