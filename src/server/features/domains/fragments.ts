import type { Expression } from 'kysely';
import type { FragmentScope } from '../../db/fragment.ts';

/**
 * The domains area's reads that another owner's list puts among its columns (the operators'
 * accounts list): correlated subqueries on the counts and orders this area keeps, so that list
 * stays one query while the tables stay this area's (tools/eslint/tableOwners.js).
 */

/** The account's domains, from the per-account counts the domains triggers keep (migration 0011): no scan of its domains. */
export function domainCountOf(eb: FragmentScope, accountId: Expression<string>) {
  return eb.selectFrom('domain_status_counts as c').select((e) => e.fn.sum<number | string | null>('c.domain_count').as('s'))
    .where('c.account_id', '=', accountId).$asScalar();
}

/** The account's domain orders created at or after `since`. */
export function recentOrderCountOf(eb: FragmentScope, accountId: Expression<string>, since: string) {
  return eb.selectFrom('domain_orders as o').select((e) => e.fn.countAll<number | string>().as('c'))
    .where('o.account_id', '=', accountId).where('o.created_at', '>=', since).$asScalar();
}
