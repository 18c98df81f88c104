import type { Tx } from '../../../db/transaction.ts';
import type { JobQueue, SendOptions } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import { runPortfolioSync } from './sync.ts';

/** Nightly, before the expiry run (04:41): the night's differences are known when renewals start. */
export const PORTFOLIO_NIGHTLY_QUEUE = 'domains.portfolio_nightly';
export const PORTFOLIO_NIGHTLY_CRON = '7 1 * * *';
/** The sync itself, sent by the nightly schedule or an operator's "Run now". */
export const PORTFOLIO_SYNC_QUEUE = 'domains.portfolio_sync';
export interface PortfolioSyncJob {
  requestedBy: string | null;
}
/**
 * Namecheap's 20 calls a minute make 100,000 domains there alone about 50 minutes: six hours
 * leaves room. One at a time (the singleton key; the work run also serialises), retried once.
 */
export const PORTFOLIO_SYNC_JOB_OPTIONS: SendOptions = { singletonKey: 'portfolio-sync', timeoutSeconds: 6 * 3600, retryLimit: 1, retryDelaySeconds: 600 };

/** False when one is already waiting or running (the singleton key). In the caller's unit of work when given. */
export async function requestPortfolioSync(jobs: JobQueue, requestedBy: string | null, tx?: Tx): Promise<boolean> {
  return (await jobs.send<PortfolioSyncJob>(PORTFOLIO_SYNC_QUEUE, { requestedBy }, { ...PORTFOLIO_SYNC_JOB_OPTIONS, ...(tx ? { tx } : {}) })) !== null;
}

export async function registerPortfolioWorker(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work<PortfolioSyncJob>(PORTFOLIO_SYNC_QUEUE, async (payload, job) => {
    const summary = await runPortfolioSync(services, { requestedBy: payload.requestedBy ?? null, signal: job.signal });
    services.log.info({ domains: summary.domains, compared: summary.compared, differences: summary.differences, autoRenewTurnedOff: summary.autoRenewTurnedOff },
      'portfolio sync run');
  });
  // The schedule's own job only hands over: a scheduled send takes the queue's defaults (15 minutes), too short for the sync.
  await jobs.work(PORTFOLIO_NIGHTLY_QUEUE, async () => { await requestPortfolioSync(jobs, null); });
  await jobs.schedule(PORTFOLIO_NIGHTLY_QUEUE, PORTFOLIO_NIGHTLY_CRON, {});
}
