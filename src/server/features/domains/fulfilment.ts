import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';

/** The registration job: executes a processing order at the suppliers (FULFIL_ORDER_QUEUE). */
export async function registerFulfilmentWorker(_jobs: JobQueue, _services: Services): Promise<void> {}
