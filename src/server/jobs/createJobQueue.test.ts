import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createJobQueue } from './createJobQueue.ts';

const log = Fastify({ logger: false }).log;

describe('createJobQueue', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = openDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database.db);
  });
  afterAll(async () => { await database.close(); });

  it('uses the local queue over the jobs table on SQLite', async () => {
    const queue = createJobQueue({ database, config: {}, log });
    const id = await queue.send('test-pick', { n: 1 });
    const row = await database.db.selectFrom('jobs').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ queue: 'test-pick', state: 'created', payload: '{"n":1}' });
  });

  it('refuses pg-boss without PostgreSQL from DATABASE_URL', () => {
    expect(() => createJobQueue({ database, config: {}, log, kind: 'pg-boss' })).toThrow('pg-boss needs PostgreSQL from DATABASE_URL');
  });
});

describe('npm run worker', () => {
  it('stops with one line when DATABASE_URL is missing', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-worker-')) },
    });
    const failure = await run.then(() => null, (error: { code: number; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toBe('Invalid configuration: DATABASE_URL is required by npm run worker (the embedded mode runs its jobs inside npm start)');
  });
});
