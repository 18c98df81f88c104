import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely and the fast read path (preparedQuery.ts) see it. Kysely's
 * SQLite driver prepares every query anew, and preparing costs more than running most of our
 * indexed reads: statements are kept by SQL text, which is safe because Kysely runs SQLite
 * queries one at a time behind its single connection. Each statement also speaks in the
 * values PostgreSQL does: SQLite has no boolean type, so booleans are bound as 1 and 0, and
 * read back as booleans from every result column declared `boolean` (through aliases,
 * joins and subqueries too: SQLite reports a column's declared type wherever it is a plain
 * reference). Expressions (`exists`, `max`, `coalesce`) have no declared type and stay numbers.
 */
export function cachedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(source) {
      let statement = cache.get(source);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        statement = portable(sqlite.prepare(source));
        cache.set(source, statement);
      }
      return statement;
    },
  };
}

function portable(statement: SQLite.Statement): SqliteStatement {
  const booleans = statement.reader
    ? statement.columns().filter((c) => c.type?.toLowerCase() === 'boolean').map((c) => c.name)
    : [];
  if (!booleans.length) {
    return {
      reader: statement.reader,
      all: (parameters) => statement.all(bindable(parameters)),
      run: (parameters) => statement.run(bindable(parameters)),
      iterate: (parameters) => statement.iterate(bindable(parameters)),
    };
  }
  const read = (row: Record<string, unknown>) => {
    for (const name of booleans) {
      const value = row[name];
      if (typeof value === 'number') row[name] = value !== 0;
    }
    return row;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(bindable(parameters)) as Record<string, unknown>[];
      for (const row of rows) read(row);
      return rows;
    },
    run: (parameters) => statement.run(bindable(parameters)),
    *iterate(parameters) {
      for (const row of statement.iterate(bindable(parameters))) yield read(row as Record<string, unknown>);
    },
  };
}

/** better-sqlite3 refuses to bind a boolean. */
function bindable(parameters: readonly unknown[]): unknown[] {
  for (let i = 0; i < parameters.length; i++) {
    if (typeof parameters[i] === 'boolean') return parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p));
  }
  return parameters as unknown[];
}
