import { randomUUID } from 'node:crypto';
import type { HostingStepAction } from '../../../db/tables/hosting.ts';
import type { Tx } from '../../../db/transaction.ts';
import type { Services } from '../../../rpc/context.ts';

/** The queue whose jobs carry out one lifecycle step each ({ stepId }); lifecycle/runStep.ts works it. */
export const HOSTING_STEP_QUEUE = 'hosting.step';

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

/**
 * Records a lifecycle step and queues its job in the caller's unit of work: the step exists
 * exactly when the write that caused it committed. The panel is never called here.
 */
export async function requestStep(tx: Tx, services: Pick<Services, 'jobs' | 'clock'>, request: StepRequest): Promise<string> {
  const id = randomUUID();
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
  const job: HostingStepJob = { stepId: id };
  await services.jobs.send(HOSTING_STEP_QUEUE, job, { tx, singletonKey: id, retryLimit: 0 });
  return id;
}
