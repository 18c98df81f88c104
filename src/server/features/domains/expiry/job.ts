import type { JobQueue } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import { markExpiredDomains } from './marking.ts';
import { sendExpiryReminders } from './reminders.ts';
import { type AutoRenewalSummary, runAutoRenewals } from './renewals.ts';
import { DOMAIN_EXPIRY_CRON, DOMAIN_EXPIRY_QUEUE } from '../orders/queues.ts';

export interface DomainExpirySummary {
  expired: number;
  renewals: AutoRenewalSummary;
  reminders: number;
}

/**
 * The daily expiry run, in this order: expired domains are marked first (so nothing expired is
 * renewed or reminded as if active), then auto-renewals are started and charged, then the
 * reminder e-mails go out. Each step is safe to run again the same day: a rerun marks, orders
 * and mails nothing new. `now` is the run's clock (tests move it).
 */
export async function runDomainExpiry(services: Services, now: Date, signal?: AbortSignal): Promise<DomainExpirySummary> {
  const expired = await markExpiredDomains(services, now, signal);
  const renewals = await runAutoRenewals(services, now, signal);
  const reminders = await sendExpiryReminders(services, now, signal);
  return { expired, renewals, reminders };
}

/** The daily expiry job (DOMAIN_EXPIRY_QUEUE): expired domains, auto-renewals, reminder e-mails. */
export async function registerExpiryWorker(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work(DOMAIN_EXPIRY_QUEUE, async (_payload, job) => {
    const summary = await runDomainExpiry(services, services.clock.now(), job.signal);
    services.log.info({ ...summary }, 'domain expiry run');
    // A renewal left unfinished (the provider unreachable, say) is retried by the queue's retry of the whole, idempotent run.
    if (summary.renewals.errors > 0) throw new Error(`${summary.renewals.errors} automatic renewals could not be completed`);
  });
  await jobs.schedule(DOMAIN_EXPIRY_QUEUE, DOMAIN_EXPIRY_CRON, {});
}
