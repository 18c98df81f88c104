import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { HostingAttemptOutcome, HostingServicesTable, HostingStepsTable } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';
import type { PanelCallRecord } from '../../../integrations/panels/panel.ts';

export type StepRow = Selectable<HostingStepsTable>;
export type ServiceRow = Selectable<HostingServicesTable>;

/** A step still to be carried out: the runner's to-do; steps of one service run one at a time in this state. */
export const OPEN_STEP_STATUSES = ['queued', 'running', 'waiting'] as const;

let sequence = 0;

/** Ids that sort in the order they were made, also within one millisecond: steps of one service run in that order. */
export function sortableId(prefix: string): string {
  sequence = (sequence + 1) % 0x1000000;
  return `${prefix}_${Date.now().toString(16).padStart(12, '0')}${sequence.toString(16).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
}

export async function findStep(db: Db, stepId: string): Promise<StepRow | undefined> {
  return db.selectFrom('hosting_steps').selectAll().where('id', '=', stepId).executeTakeFirst();
}

export async function findService(db: Db, serviceId: string): Promise<ServiceRow | undefined> {
  return db.selectFrom('hosting_services').selectAll().where('id', '=', serviceId).executeTakeFirst();
}

/** Whether a step of the same service requested before `step` is still open: that one runs first. */
export async function earlierStepOpen(db: Db, step: StepRow): Promise<boolean> {
  const row = await db.selectFrom('hosting_steps').select('id')
    .where('service_id', '=', step.service_id).where('status', 'in', [...OPEN_STEP_STATUSES]).where('id', '!=', step.id)
    .where((eb) => eb.or([eb('created_at', '<', step.created_at), eb.and([eb('created_at', '=', step.created_at), eb('id', '<', step.id)])]))
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The service's first open step after the one that just ended, to run next. */
export async function nextOpenStep(db: Db, serviceId: string): Promise<StepRow | undefined> {
  return db.selectFrom('hosting_steps').selectAll().where('service_id', '=', serviceId).where('status', 'in', ['queued', 'waiting'])
    .orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

/**
 * Claims the step for one run (compare-and-set): a queued or waiting step, or a running one whose
 * run stopped answering (its lease, `updated_at` + leaseMs, ran out: the process died mid-call).
 * A duplicate job or a second process finds nothing to claim.
 */
export async function claimStep(db: Db, stepId: string, now: Date, leaseMs: number): Promise<boolean> {
  const result = await db.updateTable('hosting_steps')
    .set((eb) => ({ status: 'running', updated_at: now.toISOString(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', stepId)
    .where((eb) => eb.or([
      eb('status', 'in', ['queued', 'waiting']),
      eb.and([eb('status', '=', 'running'), eb('updated_at', '<=', new Date(now.getTime() - leaseMs).toISOString())]),
    ]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function startAttempt(db: Db, stepId: string, at: string): Promise<string> {
  const id = sortableId('hat');
  await db.insertInto('hosting_attempts').values({ id, step_id: stepId, started_at: at, finished_at: null, outcome: null, message: null, calls: '[]' }).execute();
  return id;
}

export async function finishAttempt(db: Db, attemptId: string, at: string, outcome: HostingAttemptOutcome, message: string | null, calls: PanelCallRecord[]): Promise<void> {
  await db.updateTable('hosting_attempts').set({ finished_at: at, outcome, message, calls: JSON.stringify(calls) }).where('id', '=', attemptId).execute();
}

/** When the step's first attempt began: the 24 hours of retries count from there. */
export async function firstAttemptAt(db: Db, stepId: string): Promise<string | null> {
  const row = await db.selectFrom('hosting_attempts').select('started_at').where('step_id', '=', stepId).orderBy('started_at').orderBy('id').limit(1).executeTakeFirst();
  return row?.started_at ?? null;
}

export const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
