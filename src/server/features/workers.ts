import type { JobQueue } from '../jobs/queue.ts';
import type { Services } from '../rpc/context.ts';

/** The business areas' job workers; the embedded app and `npm run worker` register the same set. */
export async function registerFeatureWorkers(_jobs: JobQueue, _services: Services): Promise<void> {
}
