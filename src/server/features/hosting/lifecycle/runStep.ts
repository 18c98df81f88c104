import type { HostingAttemptOutcome, HostingStepAction } from '../../../db/tables/hosting.ts';
import { inTransaction, type Tx } from '../../../db/transaction.ts';
import { CredentialsUnreadable } from '../../../integrations/panels/credentials.ts';
import { PanelError } from '../../../integrations/panels/panel.ts';
import type { Services } from '../../../rpc/context.ts';
import { changePackageStep, changePasswordStep, suspendStep, terminateStep, unsuspendStep } from './accountSteps.ts';
import { createStep } from './createStep.ts';
import { markStepFailed } from './effects.ts';
import { HOSTING_STEP_JOB_OPTIONS, sendStepJob } from './requestStep.ts';
import { withoutPassword } from './stepPassword.ts';
import {
  claimStep, earlierStepOpen, findService, findStep, finishAttempt, firstAttemptAt, nextOpenStep, parseJson, startAttempt, type StepRow,
} from './stepRepository.ts';
import { StepRefused, type StepRun, type StepSuccess } from './stepRun.ts';

const ACTIONS: Record<HostingStepAction, (run: StepRun) => Promise<StepSuccess>> = {
  create: createStep,
  suspend: suspendStep,
  unsuspend: unsuspendStep,
  terminate: terminateStep,
  change_package: changePackageStep,
  change_password: changePasswordStep,
};

/** A run's claim on its step outlasts the job's own time limit, so a live run never loses it to a retry of its job. */
export const STEP_LEASE_MS = (HOSTING_STEP_JOB_OPTIONS.timeoutSeconds + 60) * 1000;

/** The next look at a step the panel could not settle: 60 s, doubling, at most an hour; after a day of that, an operator's. */
export const RETRY_FIRST_SECONDS = 60;
export const RETRY_MAX_SECONDS = 3600;
export const RETRY_GIVE_UP_MS = 24 * 3600 * 1000;

export const retryDelaySeconds = (attempts: number) => Math.min(RETRY_FIRST_SECONDS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_SECONDS);

/**
 * 'skipped': nothing to do (the step ended already: a duplicate job). 'blocked': an earlier step of
 * the service is still open; it starts this one when it ends. 'busy': another run holds the step.
 */
export type RunOutcome = 'done' | 'waiting' | 'failed' | 'skipped' | 'blocked' | 'busy';

interface Failure {
  outcome: Extract<HostingAttemptOutcome, 'refused' | 'unknown' | 'unavailable'>;
  message: string;
  /** Whether a later attempt may succeed (the panel was down or its answer unclear). */
  retry: boolean;
}

function failureOf(error: unknown): Failure {
  if (error instanceof StepRefused) return { outcome: 'refused', message: error.message, retry: false };
  if (error instanceof CredentialsUnreadable) return { outcome: 'refused', message: error.message, retry: false };
  if (error instanceof PanelError) {
    if (error.kind === 'unavailable') return { outcome: 'unavailable', message: error.message, retry: true };
    if (error.kind === 'unknown') return { outcome: 'unknown', message: error.message, retry: true };
    return { outcome: 'refused', message: error.message, retry: false };
  }
  // An adapter that could not read an answer, or a bug: whether the panel acted is unknown, so the next attempt reads first.
  return { outcome: 'unknown', message: 'The step stopped on an unexpected error; the panel\'s state is read again before anything else.', retry: true };
}

/**
 * Carries out one lifecycle step on its panel, once, safely: claims the step (one run at a time,
 * after the service's earlier steps), records an attempt (committed before any panel call), runs
 * the action (which reads the panel's state first), then records the outcome, the service's new
 * state, its event and mail in one unit of work. No transaction is open during a panel call.
 */
export async function runStep(services: Services, stepId: string, options: { signal?: AbortSignal } = {}): Promise<RunOutcome> {
  const { db, clock } = services;
  const step = await findStep(db, stepId);
  if (!step || !['queued', 'waiting', 'running'].includes(step.status)) return 'skipped';
  if (await earlierStepOpen(db, step)) return 'blocked';
  if (!await claimStep(db, stepId, clock.now(), STEP_LEASE_MS)) return 'busy';
  const claimed = (await findStep(db, stepId))!;
  const attemptId = await startAttempt(db, stepId, clock.nowIso());
  const service = await findService(db, step.service_id);
  const run: StepRun = { services, step: claimed, service: service!, input: parseJson<Record<string, unknown>>(step.input, {}), calls: [], signal: options.signal, held: [] };
  let success: StepSuccess | null = null;
  let failure: Failure | null = null;
  try {
    if (!service) throw new StepRefused('The service no longer exists.');
    success = await ACTIONS[step.action](run);
  } catch (error) {
    failure = failureOf(error);
    if (!(error instanceof PanelError) && !(error instanceof StepRefused)) services.log.error({ err: error, stepId, action: step.action }, 'hosting step failed unexpectedly');
  } finally {
    for (const signal of run.held) signal.clear();
  }
  const startedAt = await firstAttemptAt(db, stepId);
  const gaveUp = failure?.retry && startedAt !== null && clock.now().getTime() - Date.parse(startedAt) >= RETRY_GIVE_UP_MS;
  const ends = success !== null || !failure!.retry || gaveUp;
  const now = clock.nowIso();
  await inTransaction(db, async (tx) => {
    await finishAttempt(tx.db, attemptId, now, success ? success.outcome : failure!.outcome, success ? success.message : failure!.message, run.calls);
    const input = ends ? withoutPassword(run.input) : run.input;
    if (success) {
      await success.apply(tx);
      await tx.db.updateTable('hosting_steps').set({ status: 'done', input: JSON.stringify(input), last_error: null, next_attempt_at: null, updated_at: now, finished_at: now })
        .where('id', '=', stepId).execute();
    } else if (!ends) {
      const delay = retryDelaySeconds(claimed.attempts);
      await tx.db.updateTable('hosting_steps').set({
        status: 'waiting', last_error: failure!.message, next_attempt_at: new Date(clock.now().getTime() + delay * 1000).toISOString(), updated_at: now,
      }).where('id', '=', stepId).execute();
      await sendStepJob(services.jobs, stepId, `${stepId}:retry:${claimed.attempts}`, { tx, startAfterSeconds: delay });
    } else {
      const message = gaveUp ? `Gave up after a day of retries: ${failure!.message}` : failure!.message;
      await tx.db.updateTable('hosting_steps').set({ status: 'failed', input: JSON.stringify(input), last_error: message, next_attempt_at: null, updated_at: now, finished_at: now })
        .where('id', '=', stepId).execute();
      if (service) await markStepFailed(tx, services, service, claimed, message);
    }
    if (ends) await startNextStep(tx, services, claimed);
  }, services.log);
  if (failure && ends) services.log.warn({ stepId, serviceId: step.service_id, action: step.action, reason: failure.message }, 'hosting step failed; it is in the provisioning queue');
  return success ? 'done' : ends ? 'failed' : 'waiting';
}

/** Once a step ends (done, failed, marked done), the service's next open step may run. */
export async function startNextStep(tx: Tx, services: Pick<Services, 'jobs'>, ended: StepRow): Promise<void> {
  const next = await nextOpenStep(tx.db, ended.service_id);
  if (next && next.id !== ended.id) await sendStepJob(services.jobs, next.id, `${next.id}:after:${ended.id}`, { tx });
}
