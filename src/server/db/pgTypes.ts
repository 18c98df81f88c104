import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

const TIMESTAMPTZ = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ);

/**
 * The portal's parsers: a timestamptz comes back as the ISO-8601 UTC string with milliseconds
 * that SQLite stores and the clock writes, so both dialects hand features the same value.
 * Booleans are JS booleans already. Every timestamp column is timestamptz (the migrations).
 */
export const portalTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === TIMESTAMPTZ
    ? (value: string) => (parseTimestamptz(value) as Date).toISOString()
    : pg.types.getTypeParser(oid, format))) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * The pool as the driver's own parsers read it, for better-auth: it compares the timestamps it
 * reads as Date objects, and converts only on the dialects it knows to lack dates (SQLite).
 */
export function withDriverTypes(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        // Kysely's other overload, a cursor, is used only for streaming, which needs a cursor class configured.
        wrapped = {
          query: (text: string, values: readonly unknown[]) => client.query({ text, values: [...values], types: pg.types }),
          release: () => client.release(),
        } as unknown as PostgresPoolClient;
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    // The portal's own Kysely owns the pool and ends it.
    end: async () => {},
  };
}
