import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { createLiveBus } from './bus.ts';

const log = Fastify({ logger: false }).log;

describe('createLiveBus', () => {
  let database: DatabaseHandle;
  beforeAll(() => { database = openDatabase({ sqliteFile: ':memory:' }); });
  afterAll(async () => { await database.close(); });

  it('keeps messages in the process in the embedded mode, and on PostgreSQL without DATABASE_URL', () => {
    expect(createLiveBus({ db: database.db, dialect: 'sqlite', log }).kind).toBe('memory');
    expect(createLiveBus({ db: database.db, dialect: 'postgres', log }).kind).toBe('memory');
  });

  it('uses LISTEN/NOTIFY in the scaled mode (PostgreSQL from DATABASE_URL), connecting only when someone subscribes', async () => {
    const bus = createLiveBus({ db: database.db, dialect: 'postgres', databaseUrl: 'postgres://nobody@127.0.0.1:1/none', log });
    expect(bus.kind).toBe('postgres');
    await bus.close();
  });

  it('refuses the PostgreSQL bus on SQLite', () => {
    expect(() => createLiveBus({ db: database.db, dialect: 'sqlite', log, choice: { kind: 'postgres', connectionString: 'postgres://x' } }))
      .toThrow('the PostgreSQL live bus needs a PostgreSQL database');
  });
});
