import { sql } from 'kysely';
import type { Dialect } from '../../../db/connection.ts';
import type { Db } from '../../../db/transaction.ts';

/**
 * Inserts many rows as one JSON parameter (SQLite json_each, PostgreSQL json_populate_recordset):
 * thousands of rows a second through the query builder cost more in building the statement
 * (a node per value) than in running it. Column names are trusted code, never input.
 */
export async function bulkInsert(db: Db, dialect: Dialect, table: string, columns: readonly string[], rows: readonly Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const json = JSON.stringify(rows);
  if (dialect === 'postgres') {
    await sql`insert into ${sql.table(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(db);
    return;
  }
  const values = sql.raw(columns.map((c) => `json_extract(value, '$.${c}')`).join(', '));
  await sql`insert into ${sql.table(table)} (${list}) select ${values} from json_each(${json})`.execute(db);
}
