import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';

/** The daily expiry job (DOMAIN_EXPIRY_QUEUE): expired domains, auto-renewals, reminder e-mails. */
export async function registerExpiryWorker(_jobs: JobQueue, _services: Services): Promise<void> {}
