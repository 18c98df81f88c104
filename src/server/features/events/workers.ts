import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';

/** The event system's background work: fan-out of new events and webhook deliveries (issue 9). */
export async function registerEventWorkers(_jobs: JobQueue, _services: Services): Promise<void> {}
