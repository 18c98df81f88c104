import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Runs SQL that Kysely compiled, without Kysely's per-call build and driver work (see
 * preparedQuery.ts): on SQLite files a second, read-only connection that sees only committed data.
 */
export type RawReader = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]> | unknown[];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

const readers = new WeakMap<Kysely<Database>, RawReader>();

/** The fast read path of a database opened here; none for a transaction, which must read on its own connection. */
export function readerOf(db: Kysely<Database>): RawReader | undefined {
  return readers.get(db);
}

export interface OpenOptions {
  /** PostgreSQL URL; without it an SQLite file in dataDir (or memory for ':memory:'). */
  databaseUrl?: string;
  dataDir?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  pgSchema?: string;
  poolSize?: number;
}

// pg hands back bigint (int8) as strings; counts and rate-limit stamps fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(options: OpenOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Named statements: each connection parses and plans a read once instead of on every call
    // (the server's side of a list page was more CPU than Node's). The texts are preparedQuery's
    // templates, a bounded set, so the names are too.
    const names = new Map<string, string>();
    const nameOf = (text: string) => {
      let name = names.get(text);
      if (!name) {
        name = `read_${names.size + 1}`;
        names.set(text, name);
      }
      return name;
    };
    const read: RawReader = async (text, values) => (await pool.query({ name: nameOf(text), text, values: values as unknown[] })).rows;
    readers.set(db, read);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? join(options.dataDir ?? './data', 'portal.sqlite');
  if (file !== ':memory:') mkdirSync(options.dataDir ?? './data', { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const writer = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: writer }) });
  // WAL lets a second connection read committed data while the first writes. Reads on the
  // writer would run inside whatever transaction Kysely has open there. An in-memory
  // database cannot be shared, so it reads on its only connection.
  const reader = file === ':memory:' ? null : withStatementCache(new SQLite(file, { readonly: true }));
  if (reader) reader.pragma('busy_timeout = 5000');
  const source = reader ?? writer;
  const read: RawReader = (text, values) => source.prepare(text).all(values as unknown[]);
  readers.set(db, read);
  return {
    db, dialect: 'sqlite',
    close: async () => {
      await db.destroy();
      reader?.close();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running
 * most of our indexed reads. Statements are kept by SQL text; reuse is safe because Kysely
 * runs SQLite queries one at a time behind its single connection.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      statement = sqlite.prepare(source);
      cache.set(source, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A boolean as both dialects store it: SQLite has no boolean type, PostgreSQL's integer column takes 0 and 1. */
export const flag = (value: boolean) => (value ? 1 : 0);

export function toIso(value: Date | string | null | undefined): string | null {
  if (value == null) return null;
  // SQLite hands back exactly what was written: nowIso()'s form needs no parsing.
  if (typeof value === 'string' && ISO_UTC.test(value)) return value;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The system's time, for test set-up and scripts: business code reads `Services.clock`, which tests move. */
export function nowIso(): string {
  return new Date().toISOString();
}
