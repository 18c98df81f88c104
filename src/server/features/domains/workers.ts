import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';
import { registerExpiryWorker } from './expiry/job.ts';
import { registerFulfilmentWorker } from './fulfilment/job.ts';
import { registerPortfolioWorker } from './portfolio/job.ts';
import { syncInBackground } from './pricing/supplierSync.ts';

export const TLD_SYNC_QUEUE = 'domains.tld_sync';
/** Daily, at an odd minute of a quiet hour (UTC) so it does not join every other 03:00 job. */
export const TLD_SYNC_CRON = '17 3 * * *';

/** The domains area's job workers: the daily sync of every active supplier's TLD costs, order fulfilment, the daily expiry run, the nightly portfolio sync. */
export async function registerDomainWorkers(jobs: JobQueue, services: Services): Promise<void> {
  // A failing supplier is recorded on its row, not retried here: the next day's run tries again.
  await jobs.work(TLD_SYNC_QUEUE, async (_payload, job) => { await syncInBackground(services, undefined, job.signal); });
  await jobs.schedule(TLD_SYNC_QUEUE, TLD_SYNC_CRON, {});
  await registerFulfilmentWorker(jobs, services);
  await registerExpiryWorker(jobs, services);
  await registerPortfolioWorker(jobs, services);
}
