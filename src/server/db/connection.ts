import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { portalTypes, withDriverTypes } from './pgTypes.ts';
import type { Database } from './schema.ts';
import { cachedStatements } from './sqliteStatements.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Runs SQL that Kysely compiled, without Kysely's per-call build and driver work (see
 * preparedQuery.ts): on SQLite files a second, read-only connection that sees only committed data.
 */
export type RawReader = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]> | unknown[];

export interface DatabaseHandle {
  /** Timestamps come back as ISO-8601 UTC strings and booleans as booleans, on both dialects. */
  db: Kysely<Database>;
  /** The same database with the driver's own values (Date objects on PostgreSQL), for better-auth. */
  authDb: Kysely<Database>;
  dialect: Dialect;
  /** The driver's own client, for a library that keeps its rows in a table of ours (rate-limiter-flexible). */
  rawClient?: { kind: 'sqlite'; client: SQLite.Database } | { kind: 'postgres'; client: pg.Pool };
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
  /**
   * 'named' keeps each read parsed and planned per connection; 'unnamed' sends every statement
   * unnamed, which a pooler in transaction mode (PgBouncer) needs: its next transaction may run
   * on a server connection that never saw the name.
   */
  statements?: StatementMode;
}

export type StatementMode = 'named' | 'unnamed';

export const DEFAULT_POOL_SIZE = 10;

/** The database settings of a process, from its configuration. */
export function databaseOptionsOf(config: {
  DATABASE_URL?: string; DATA_DIR: string; DATABASE_POOL_SIZE: number; DATABASE_STATEMENTS: StatementMode;
}): OpenOptions {
  return { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE, statements: config.DATABASE_STATEMENTS };
}

/** The embedded mode's database file in a data folder (backups and restores name it too). */
export const sqliteFileIn = (dataDir: string) => join(dataDir, 'portal.sqlite');

// pg hands back bigint (int8) as strings; counts and rate-limit stamps fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(options: OpenOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      types: portalTypes,
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
    const read: RawReader = options.statements === 'unnamed'
      ? async (text, values) => (await pool.query({ text, values: values as unknown[] })).rows
      : async (text, values) => (await pool.query({ name: nameOf(text), text, values: values as unknown[] })).rows;
    readers.set(db, read);
    const authDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withDriverTypes(pool) }) });
    return { db, authDb, dialect: 'postgres', rawClient: { kind: 'postgres', client: pool }, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? sqliteFileIn(options.dataDir ?? './data');
  if (file !== ':memory:') mkdirSync(options.dataDir ?? './data', { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const writer = cachedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: writer }) });
  // WAL lets a second connection read committed data while the first writes. Reads on the
  // writer would run inside whatever transaction Kysely has open there. An in-memory
  // database cannot be shared, so it reads on its only connection.
  const reader = file === ':memory:' ? null : readOnly(file);
  const source = reader ?? writer;
  const read: RawReader = (text, values) => source.prepare(text).all(values);
  readers.set(db, read);
  return {
    db, authDb: db, dialect: 'sqlite', rawClient: { kind: 'sqlite', client: sqlite },
    close: async () => {
      await db.destroy();
      reader?.close();
    },
  };
}

function readOnly(file: string) {
  const sqlite = new SQLite(file, { readonly: true });
  sqlite.pragma('busy_timeout = 5000');
  return cachedStatements(sqlite);
}

/** The system's time, for test set-up and scripts: business code reads `Services.clock`, which tests move. */
export function nowIso(): string {
  return new Date().toISOString();
}
