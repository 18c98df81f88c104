import type { FragmentScope, IdRef } from '../db/fragment.ts';

/**
 * Identity's reads that other areas put inside their own queries (the name or address beside an
 * order, a ticket, an audit entry): correlated subqueries on users by primary key, written here
 * because identity owns the table (tools/eslint/tableOwners.js).
 */

export function userName(eb: FragmentScope, id: IdRef) {
  return eb.selectFrom('users').select('users.name').where('users.id', '=', id).$asScalar();
}

export function userEmail(eb: FragmentScope, id: IdRef) {
  return eb.selectFrom('users').select('users.email').where('users.id', '=', id).$asScalar();
}

/**
 * Users' addresses as a table to join on `id`, for a list that filters on the address: a join
 * reads them in one pass, where a lookup per row in the filter would run for every candidate row.
 */
export function userAddresses(eb: FragmentScope) {
  return eb.selectFrom('users').select(['users.id', 'users.email']);
}
