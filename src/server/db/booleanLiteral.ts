import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A boolean written into the SQL text as the database spells it, not bound as a parameter: SQLite
 * uses a partial index (the pending events' `processed = 0`) only for the literal written out.
 */
export function booleanLiteral(db: Kysely<any>, value: boolean) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return sql.raw(postgres ? String(value) : value ? '1' : '0');
}
