import type { FragmentScope } from '../../db/fragment.ts';

/**
 * The tickets' reads that other areas put inside their own queries (the home page's one round
 * trip), written here because the tickets area owns the table (tools/eslint/tableOwners.js).
 */

/** Every status but closed, on tickets_account_status. */
export function openTicketCount(eb: FragmentScope, accountId: string) {
  return eb.selectFrom('tickets as t').select((c) => c.fn.countAll<number>().as('n'))
    .where('t.account_id', '=', accountId).where('t.status', '<>', 'closed');
}
