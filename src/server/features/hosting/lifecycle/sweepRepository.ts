import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';

export type SweepAction = 'suspend' | 'terminate';

type ServicesEb = ExpressionBuilder<Database, 'hosting_services'>;

/**
 * Due for `action`: past due since before `dueBefore` and still up (suspend), or ended before
 * `dueBefore` and not gone (terminate); in both cases without a step of that action requested
 * since it fell due.
 */
function due(eb: ServicesEb, action: SweepAction, dueBefore: string) {
  const since = action === 'suspend' ? 'past_due_since' : 'ended_at';
  const requestedSince = eb.exists(eb.selectFrom('hosting_steps as s').select('s.id')
    .whereRef('s.service_id', '=', 'hosting_services.id').where('s.action', '=', action)
    .whereRef('s.created_at', '>=', `hosting_services.${since}`));
  return eb.and([
    action === 'suspend'
      ? eb.and([eb('status', '=', 'active'), eb('ended_at', 'is', null)])
      : eb('status', '!=', 'terminated'),
    eb(since, 'is not', null),
    eb(since, '<=', dueBefore),
    eb.not(requestedSince),
  ]);
}

export async function servicesDue(db: Db, action: SweepAction, dueBefore: string): Promise<string[]> {
  const rows = await db.selectFrom('hosting_services').select('id').where((eb) => due(eb, action, dueBefore)).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** Takes the service's row lock if it is still due (a no-op update); answers whether it is. */
export async function lockDueService(db: Db, action: SweepAction, dueBefore: string, serviceId: string): Promise<boolean> {
  const result = await db.updateTable('hosting_services').set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', serviceId).where((eb) => due(eb, action, dueBefore)).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
