import { inTransaction } from '../../../db/transaction.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import { lockDueService, servicesDue, type SweepAction } from './sweepRepository.ts';
import { requestStep } from './requestStep.ts';

export const HOSTING_SWEEP_QUEUE = 'hosting.sweep';
/** Every 5 minutes, like WHMCS's cron: a grace or a wait that ran out is acted on within minutes. */
export const HOSTING_SWEEP_CRON = '*/5 * * * *';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepSummary {
  suspended: number;
  terminated: number;
}

/**
 * Suspends (reason 'overdue') the services whose subscription has been past due for the grace
 * (HOSTING_SUSPEND_GRACE_DAYS), and terminates those whose subscription ended the terminate
 * delay ago (HOSTING_TERMINATE_AFTER_DAYS). Each is requested once per episode: a service that
 * already has such a step since it fell due (an operator may have lifted the suspension by
 * hand, or holds a failed termination in the queue) is left alone. Safe to run again any time.
 */
export async function runHostingSweep(services: Pick<Services, 'db' | 'jobs' | 'clock' | 'config' | 'log'>, now: Date): Promise<SweepSummary> {
  const summary: SweepSummary = { suspended: 0, terminated: 0 };
  const cutoff = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const rounds: [SweepAction, string][] = [
    ['suspend', cutoff(services.config.HOSTING_SUSPEND_GRACE_DAYS)],
    ['terminate', cutoff(services.config.HOSTING_TERMINATE_AFTER_DAYS)],
  ];
  for (const [action, dueBefore] of rounds) {
    for (const serviceId of await servicesDue(services.db, action, dueBefore)) {
      const requested = await inTransaction(services.db, async (tx) => {
        // Billing may have been paid (or the operator acted) since the list was read: decide again under the row's lock.
        if (!await lockDueService(tx.db, action, dueBefore, serviceId)) return false;
        await requestStep(tx, services, { serviceId, action, input: action === 'suspend' ? { reason: 'overdue' } : {}, requestedBy: null });
        return true;
      }, services.log);
      if (requested) summary[action === 'suspend' ? 'suspended' : 'terminated'] += 1;
    }
  }
  return summary;
}

export async function registerSweepWorker(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work(HOSTING_SWEEP_QUEUE, async () => {
    const summary = await runHostingSweep(services, services.clock.now());
    if (summary.suspended + summary.terminated > 0) services.log.info({ ...summary }, 'hosting sweep');
  });
  await jobs.schedule(HOSTING_SWEEP_QUEUE, HOSTING_SWEEP_CRON, {});
}
