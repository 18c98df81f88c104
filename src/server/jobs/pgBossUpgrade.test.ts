import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { createPgBossQueue } from './pgBossQueue.ts';
import { waitFor } from '../../../test/support/waitFor.ts';

const url = process.env.TEST_DATABASE_URL;
const log = Fastify({ logger: false }).log;

/**
 * An install that ran pg-boss 10 (schema version 24, which pg-boss 12 refuses to migrate) and
 * this app's old singleton index: the columns the move reads, as pg-boss 10 named them.
 */
async function pgBoss10Install(database: DatabaseHandle, schema: string) {
  const s = (name: string) => sql.table(`${schema}.${name}`);
  await sql`create schema ${sql.id(schema)}`.execute(database.db);
  await sql`create table ${s('version')} (version int primary key)`.execute(database.db);
  await sql`insert into ${s('version')} values (24)`.execute(database.db);
  await sql`create table ${s('job')} (id uuid primary key, name text not null, data jsonb, state text not null,
    retry_limit int not null default 2, retry_count int not null default 0, retry_delay int not null default 0,
    retry_backoff boolean not null default false, start_after timestamptz not null default now(), singleton_key text,
    expire_in interval not null default '15 minutes', created_on timestamptz not null default now())`.execute(database.db);
  await sql`create unique index portal_job_singleton_unfinished on ${s('job')} (name, singleton_key)
    where singleton_key is not null and state < 'completed'`.execute(database.db);
}

describe.runIf(url)('pg-boss 10 installs moving to pg-boss 12 [postgres]', () => {
  let database: DatabaseHandle;
  const schema = `boss_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    database = openDatabase({ databaseUrl: url, poolSize: 4 });
  });
  afterAll(async () => {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await sql`drop schema if exists ${sql.id(`${schema}_v10`)} cascade`.execute(database.db);
    await database.close();
  });

  it('runs the old install’s unfinished jobs once under pg-boss 12 and drops the old schema', async () => {
    await pgBoss10Install(database, schema);
    const [waiting, retrying, running, done] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await sql`insert into ${sql.table(`${schema}.job`)} (id, name, data, state, singleton_key, retry_count) values
      (${waiting}::uuid, 'mail', ${JSON.stringify({ n: 1 })}::jsonb, 'created', null, 0),
      (${retrying}::uuid, 'mail', ${JSON.stringify({ n: 2 })}::jsonb, 'retry', null, 1),
      (${running}::uuid, 'fulfil', ${JSON.stringify({ n: 3 })}::jsonb, 'active', 'order-1', 0),
      (${done}::uuid, 'mail', ${JSON.stringify({ n: 4 })}::jsonb, 'completed', null, 0)`.execute(database.db);

    const seen: unknown[] = [];
    const queueOf = () => createPgBossQueue({ connectionString: url!, db: database.db, log, schema, pollingIntervalSeconds: 0.05, superviseSeconds: 1 });
    const first = queueOf();
    for (const name of ['mail', 'fulfil']) await first.work(name, async (payload) => { seen.push(payload); });
    await first.start();
    await waitFor(() => (seen.length === 3 ? true : undefined));
    await first.stop();
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }, { n: 3 }]));
    const { rows } = await sql<{ oid: string | null }>`select to_regnamespace(${`${schema}_v10`})::text as oid`.execute(database.db);
    expect(rows[0].oid).toBeNull();

    // The move happened once: a later start finds nothing to move, and the old keys still hold.
    const second = queueOf();
    for (const name of ['mail', 'fulfil']) await second.work(name, async (payload) => { seen.push(payload); });
    await second.start();
    expect(await second.send('fulfil', { n: 5 }, { singletonKey: 'order-1' })).toBeTruthy();
    await waitFor(() => (seen.length === 4 ? true : undefined));
    await second.stop();
    expect(seen).toHaveLength(4);
  });
});
