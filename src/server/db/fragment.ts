import type { Expression, ExpressionBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** The expression builder of any caller's query (any FROM clause): what an owner's read fragment is written against. */
export type FragmentScope = ExpressionBuilder<Database, any>;

/** The caller's id column a fragment looks up by, e.g. `eb.ref('t.account_id')`. */
export type IdRef = Expression<string> | Expression<string | null>;
