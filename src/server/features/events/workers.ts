import { parseAllowList } from './outbound/addressPolicy.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';
import { createDeliveryEngine } from './engine/engine.ts';

/**
 * The event system's background work: the webhook delivery engine (fan-out of new events and
 * deliveries), run beside the job workers, so it starts and stops with them in the embedded app
 * and in `npm run worker`. It keeps its own queue (the delivery rows) rather than one job per
 * delivery: see docs/decisions.md, "Webhook deliveries are their own durable queue".
 */
export async function registerEventWorkers(jobs: JobQueue, services: Services): Promise<void> {
  jobs.runAlongside(createDeliveryEngine({
    db: services.db,
    dialect: services.dialect,
    allow: parseAllowList(services.config.WEBHOOK_ALLOWED_HOSTS),
    log: services.log,
    live: services.live,
    clock: services.clock,
  }));
}
