import { sql } from 'kysely';
import pg from 'pg';
import type { TestApp } from '../../support/testApp.ts';

/**
 * Tables whose rows legitimately change on a refused call, so counting them would blame the call:
 * - function_rate_limits, auth_rate_limit: every request is counted, refused ones too (that is their job);
 * - auth_session: resolving a caller may drop an expired session and better-auth slides activity;
 * - kysely_migration, kysely_migration_lock: the migrator's own bookkeeping, never touched by requests.
 */
export const TABLES_CHANGED_BY_ANY_REQUEST = ['function_rate_limits', 'auth_rate_limit', 'auth_session', 'kysely_migration', 'kysely_migration_lock'];

export type TableCounts = Record<string, number>;
export type TableCounter = (() => Promise<TableCounts>) & { close(): Promise<void> };

/** A function that counts the rows of every other table of the app's database in one statement. */
export async function tableCounter(t: TestApp): Promise<TableCounter> {
  const listed = t.dialect === 'postgres'
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.services.db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.services.db);
  const tables = listed.rows.map((r) => r.name).filter((name) => !TABLES_CHANGED_BY_ANY_REQUEST.includes(name)).sort();
  // Names come from the database's own catalogue, quoted: no text of the fuzz reaches this statement.
  const statement = tables.map((name) => `select '${name}' as name, count(*) as n from "${name}"`).join(' union all ');
  const toCounts = (rows: { name: string; n: number | string }[]) => Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
  if (t.dialect === 'postgres') {
    // A connection of its own with the statement prepared once: planning a union over every table
    // on each call was most of the suite's time on PostgreSQL.
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${t.pgSchema}` });
    await client.connect();
    const count = async () => toCounts((await client.query({ name: 'fuzz_table_counts', text: statement })).rows);
    return Object.assign(count, { close: () => client.end() });
  }
  const count = async () => toCounts((await sql<{ name: string; n: number }>`${sql.raw(statement)}`.execute(t.services.db)).rows);
  return Object.assign(count, { close: async () => {} });
}

/** The tables whose row count differs, with before and after. */
export function changedTables(before: TableCounts, after: TableCounts): Record<string, [number, number]> {
  const changed: Record<string, [number, number]> = {};
  for (const name of Object.keys({ ...before, ...after })) {
    if (before[name] !== after[name]) changed[name] = [before[name], after[name]];
  }
  return changed;
}
