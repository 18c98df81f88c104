import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';
import { HOSTING_STEP_QUEUE, type HostingStepJob } from './lifecycle/requestStep.ts';
import { runStep } from './lifecycle/runStep.ts';
import { registerStepRecoveryWorker } from './lifecycle/stepRecovery.ts';
import { registerSweepWorker } from './lifecycle/sweep.ts';
import { registerUsageWorker } from './lifecycle/usage.ts';

/** Steps run at once by one process: each mostly waits on a panel. */
const STEP_CONCURRENCY = 4;

/** The hosting area's job workers: the lifecycle steps on the panels (and their safety net), the 5-minute sweep of graces and ends, the daily usage figures. */
export async function registerHostingWorkers(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work<HostingStepJob>(HOSTING_STEP_QUEUE, async (payload, job) => {
    const outcome = await runStep(services, payload.stepId, { signal: job.signal });
    // Another run holds the step (a retried job while the first still calls the panel, or one whose process died and whose lease has not run out): look again later.
    if (outcome === 'busy') throw new Error(`hosting step ${payload.stepId} is held by another run`);
  }, { concurrency: STEP_CONCURRENCY });
  await registerStepRecoveryWorker(jobs, services);
  await registerSweepWorker(jobs, services);
  await registerUsageWorker(jobs, services);
}
