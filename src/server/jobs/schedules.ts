import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction, type Tx } from '../db/transaction.ts';

/**
 * Schedules of both queues live in the app's `job_schedules` table and fire from the worker
 * loop: a schedule is due from its matching minute on, and the process that moves its
 * `next_run_at` sends the job in the same transaction, so each minute fires exactly once
 * across processes and a crash can neither lose nor repeat it.
 */

/** The first matching minute strictly after `after` (five fields, UTC), by cron-parser. */
export function nextCronRun(cron: string, after: Date): Date {
  if (cron.trim().split(/\s+/).length !== 5) throw new Error(`Cron expression needs five fields (minute to weekday): ${cron}`);
  return cronParser.parseExpression(cron, { currentDate: after, utc: true }).next().toDate();
}

/** Creates or updates a schedule; an unchanged expression keeps its planned run, so a restart never skips one. */
export async function saveSchedule(db: Kysely<Database>, name: string, cron: string, payload: object, now: Date) {
  const values = { name, cron, payload: JSON.stringify(payload), next_run_at: nextCronRun(cron, now).toISOString() };
  await db.insertInto('job_schedules').values(values)
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({
      payload: eb.ref('excluded.payload'),
      cron: eb.ref('excluded.cron'),
      next_run_at: eb.case().when('job_schedules.cron', '=', eb.ref('excluded.cron')).then(eb.ref('job_schedules.next_run_at'))
        .else(eb.ref('excluded.next_run_at')).end(),
    })))
    .execute();
}

/**
 * Sends every due schedule's job once. Missed minutes (no process running) collapse into one
 * run; the next is the first match after now.
 */
export async function fireDueSchedules(deps: {
  db: Kysely<Database>;
  now: Date;
  log: FastifyBaseLogger;
  send: (queue: string, payload: object, tx: Tx) => Promise<unknown>;
}) {
  const { db, now } = deps;
  const due = await db.selectFrom('job_schedules').selectAll().where('next_run_at', '<=', now.toISOString()).execute();
  for (const schedule of due) {
    const planned = schedule.next_run_at;
    await inTransaction(db, async (tx) => {
      const moved = await tx.db.updateTable('job_schedules').set({ next_run_at: nextCronRun(schedule.cron, now).toISOString() })
        .where('name', '=', schedule.name).where('next_run_at', '=', planned).executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) await deps.send(schedule.name, JSON.parse(schedule.payload), tx);
    }, deps.log);
  }
}
