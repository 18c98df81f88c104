import type { JobQueue } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import { sendStepJob } from './requestStep.ts';
import { STEP_LEASE_MS } from './runStep.ts';

export const STEP_RECOVERY_QUEUE = 'hosting.step_recovery';
export const STEP_RECOVERY_CRON = '*/10 * * * *';

/** A step left this long past when it should have run has lost its job. */
const OVERDUE_MS = 15 * 60 * 1000;

/**
 * The safety net under the step jobs: a step whose job is gone (its retries used up while the
 * database was away, a process killed past its lease) is nudged again. A nudge is harmless when
 * the job still exists: the step is claimed once, and a blocked one waits for its turn.
 */
export async function recoverStuckSteps(services: Pick<Services, 'db' | 'jobs' | 'clock'>): Promise<number> {
  const now = services.clock.now().getTime();
  const overdue = new Date(now - OVERDUE_MS).toISOString();
  const leaseOver = new Date(now - STEP_LEASE_MS - OVERDUE_MS).toISOString();
  const rows = await services.db.selectFrom('hosting_steps').select('id')
    .where((eb) => eb.or([
      eb.and([eb('status', '=', 'queued'), eb('updated_at', '<=', overdue)]),
      eb.and([eb('status', '=', 'waiting'), eb('next_attempt_at', '<=', overdue)]),
      eb.and([eb('status', '=', 'running'), eb('updated_at', '<=', leaseOver)]),
    ]))
    .orderBy('created_at').limit(500).execute();
  const bucket = Math.floor(now / OVERDUE_MS);
  for (const row of rows) await sendStepJob(services.jobs, row.id, `${row.id}:recover:${bucket}`);
  return rows.length;
}

export async function registerStepRecoveryWorker(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work(STEP_RECOVERY_QUEUE, async () => {
    const nudged = await recoverStuckSteps(services);
    if (nudged > 0) services.log.warn({ nudged }, 'hosting steps had lost their jobs; nudged again');
  });
  await jobs.schedule(STEP_RECOVERY_QUEUE, STEP_RECOVERY_CRON, {});
}
