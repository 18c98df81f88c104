import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { createPgBossQueue } from './pgBossQueue.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the pg-boss queue [postgres]', () => {
  let database: DatabaseHandle;
  const schema = `boss_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    database = openDatabase({ databaseUrl: url, poolSize: 2 });
  });
  afterAll(async () => {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  });

  it('refuses a queue that pg-boss holds without the exclusive policy, rather than lose the singleton promise', async () => {
    // Someone (an operator, another tool) made the queue first with pg-boss's default policy.
    const other = new PgBoss({ connectionString: url!, schema });
    await other.start();
    await other.createQueue('made-elsewhere');
    await other.stop({ graceful: false });

    const queue = createPgBossQueue({ connectionString: url!, db: database.db, log: Fastify({ logger: false }).log, schema });
    try {
      await expect(queue.send('made-elsewhere', {}, { singletonKey: 'k' })).rejects.toThrow('pg-boss queue made-elsewhere has policy standard, not exclusive');
      // Queues it makes itself are exclusive, and keyless sends do not collide with one another.
      expect(await queue.send('mine', { n: 1 })).toBeTruthy();
      expect(await queue.send('mine', { n: 2 })).toBeTruthy();
      expect(await queue.send('mine', { n: 3 }, { singletonKey: 'k' })).toBeTruthy();
      expect(await queue.send('mine', { n: 4 }, { singletonKey: 'k' })).toBeNull();
    } finally {
      await queue.stop();
    }
  });
});
