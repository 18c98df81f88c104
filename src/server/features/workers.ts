import type { JobQueue } from '../jobs/queue.ts';
import type { Services } from '../rpc/context.ts';
import { registerBillingWorkers } from './billing/workers.ts';
import { registerDomainWorkers } from './domains/workers.ts';
import { registerEventWorkers } from './events/workers.ts';
import { registerHostingWorkers } from './hosting/workers.ts';

/** The business areas' job workers; the embedded app and `npm run worker` register the same set. */
export async function registerFeatureWorkers(jobs: JobQueue, services: Services): Promise<void> {
  await registerBillingWorkers(jobs, services);
  await registerDomainWorkers(jobs, services);
  await registerEventWorkers(jobs, services);
  await registerHostingWorkers(jobs, services);
}
