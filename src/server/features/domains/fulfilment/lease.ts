import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/transaction.ts';
import type { Services } from '../../../rpc/context.ts';
import { FULFIL_ORDER_JOB_OPTIONS } from '../orders/queues.ts';

/**
 * One run of the registration job at a time per order. The queue's singleton key keeps two jobs
 * of one order from being queued, but not two runs: a timed-out attempt's handler may still be
 * calling a registrar while its retry starts (the abort is cooperative), and a stuck worker's
 * job can be taken by another process. The run claims the order under its own token first.
 */

/** Outlasts the job's own time limit and a registrar call's time-out, so a live run never loses it. */
export const FULFIL_LEASE_MS = (FULFIL_ORDER_JOB_OPTIONS.timeoutSeconds + 60) * 1000;

/** The lease's token, or null when another run holds the order (or it is no longer processing). */
export async function takeFulfilLease({ db, clock }: Pick<Services, 'db' | 'clock'>, orderId: string): Promise<string | null> {
  const token = randomUUID();
  const now = clock.now();
  const result = await db.updateTable('domain_orders')
    .set({ fulfil_lease_until: new Date(now.getTime() + FULFIL_LEASE_MS).toISOString(), fulfil_lease_holder: token })
    .where('id', '=', orderId).where('status', '=', 'processing')
    .where((eb) => eb.or([eb('fulfil_lease_until', 'is', null), eb('fulfil_lease_until', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? token : null;
}

export async function releaseFulfilLease(db: Db, orderId: string, token: string): Promise<void> {
  await db.updateTable('domain_orders').set({ fulfil_lease_until: null, fulfil_lease_holder: null })
    .where('id', '=', orderId).where('fulfil_lease_holder', '=', token).execute();
}

/** Whether a run holds the order now. */
export async function fulfilLeaseHeld(db: Db, orderId: string, now: Date): Promise<boolean> {
  const row = await db.selectFrom('domain_orders').select('fulfil_lease_until').where('id', '=', orderId).executeTakeFirst();
  return !!row?.fulfil_lease_until && Date.parse(row.fulfil_lease_until) > now.getTime();
}
