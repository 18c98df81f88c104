import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';
import { registerSweepWorker } from './lifecycle/sweep.ts';
import { registerUsageWorker } from './lifecycle/usage.ts';

/** The hosting area's job workers: the 5-minute sweep of graces and ends, the daily usage figures. */
export async function registerHostingWorkers(jobs: JobQueue, services: Services): Promise<void> {
  await registerSweepWorker(jobs, services);
  await registerUsageWorker(jobs, services);
}
