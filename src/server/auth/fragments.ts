import type { Expression, ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Identity's reads that other areas put inside their own queries (the name or address beside an
 * order, a ticket, an audit entry): correlated subqueries on users by primary key, written here
 * because identity owns the table (tools/eslint/tableOwners.js).
 */
// Any caller's FROM clause.
type Eb = ExpressionBuilder<Database, any>;
type Id = Expression<string> | Expression<string | null>;

export function userName(eb: Eb, id: Id) {
  return eb.selectFrom('users').select('users.name').where('users.id', '=', id).$asScalar();
}

export function userEmail(eb: Eb, id: Id) {
  return eb.selectFrom('users').select('users.email').where('users.id', '=', id).$asScalar();
}
