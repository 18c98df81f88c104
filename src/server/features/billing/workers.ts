import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';

/** The billing area's job workers. */
export async function registerBillingWorkers(_jobs: JobQueue, _services: Services): Promise<void> {
}
