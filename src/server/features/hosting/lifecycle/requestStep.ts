import type { HostingStepAction } from '../../../db/tables/hosting.ts';
import type { Tx } from '../../../db/transaction.ts';
import type { SendOptions } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import { sortableId } from './stepRepository.ts';

/** The queue whose jobs carry out one lifecycle step each ({ stepId }); lifecycle/runStep.ts works it. */
export const HOSTING_STEP_QUEUE = 'hosting.step';

/**
 * A job is only a nudge: the step row says what is left to do and the runner claims it, so a job
 * is retried only when the run could not start or record (a busy step, a database error). Panel
 * failures are the runner's: it records them and sends the next look itself, with its backoff.
 * 900 s covers a create's long time-out with the reads around it.
 */
export const HOSTING_STEP_JOB_OPTIONS = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, timeoutSeconds: 900 } as const satisfies SendOptions;

export interface HostingStepJob {
  stepId: string;
}

export interface StepRequest {
  serviceId: string;
  action: HostingStepAction;
  /** What the step needs beyond the service: { package } for change_package, { reason, note } for suspend. */
  input?: Record<string, unknown>;
  /** The operator or customer who asked; null for billing's and the sweep's own steps. */
  requestedBy: string | null;
}

/** Sends the job that runs `stepId`; `key` tells apart the nudges of one step (its first run, a retry, the one after an earlier step). */
export async function sendStepJob(jobs: Services['jobs'], stepId: string, key: string, options: { tx?: Tx; startAfterSeconds?: number } = {}) {
  const job: HostingStepJob = { stepId };
  return jobs.send(HOSTING_STEP_QUEUE, job, { ...HOSTING_STEP_JOB_OPTIONS, ...options, singletonKey: key });
}

/**
 * Records a lifecycle step and queues its job in the caller's unit of work: the step exists
 * exactly when the write that caused it committed. The panel is never called here. Steps of one
 * service run one at a time, in the order of their ids (which sort by time of request).
 */
export async function requestStep(tx: Tx, services: Pick<Services, 'jobs' | 'clock'>, request: StepRequest): Promise<string> {
  const id = sortableId('stp');
  const now = services.clock.nowIso();
  await tx.db.insertInto('hosting_steps').values({
    id,
    service_id: request.serviceId,
    action: request.action,
    input: JSON.stringify(request.input ?? {}),
    status: 'queued',
    requested_by: request.requestedBy,
    created_at: now,
    updated_at: now,
  }).execute();
  await sendStepJob(services.jobs, id, id, { tx });
  return id;
}
