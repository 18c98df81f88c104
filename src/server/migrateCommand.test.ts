import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const command = (dataDir: string) => run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'migrateCommand.ts')], {
  env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
});

it('npm run migrate brings a new database to the latest schema, then has nothing left to apply', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-migrate-'));
  const first = await command(dataDir);
  expect(first.stdout).toMatch(/^Applied \d+ migrations: 0001_platform, 0002_keyset_indexes, [^\n]+\.\n$/);
  const db = new Database(join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table'").all().map((row) => (row as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'accounts', 'domains', 'domain_orders', 'schema_migrations']));
  } finally {
    db.close();
  }
  expect((await command(dataDir)).stdout).toBe('The database is up to date.\n');
}, 60_000);
