import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createRegistrars } from './createRegistrars.ts';

describe('createRegistrars', () => {
  let database: DatabaseHandle;
  const dataDir = mkdtempSync(join(tmpdir(), 'registrars-'));
  beforeAll(async () => {
    database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
  });
  afterAll(async () => { await database.close(); });

  it('always has the sandbox, and each registrar whose credentials are set', () => {
    const ids = (env: Record<string, string>) => createRegistrars({ config: loadConfig({ DATA_DIR: dataDir, ...env }), db: database.db }).map((r) => r.id);
    expect(ids({})).toEqual(['sandbox']);
    expect(ids({ DYNADOT_API_KEY: 'key' })).toEqual(['sandbox', 'dynadot']);
    expect(ids({
      NAMECHEAP_API_USER: 'user', NAMECHEAP_API_KEY: 'key', NAMECHEAP_CLIENT_IP: '203.0.113.9', DYNADOT_API_KEY: 'key', ENOM_UID: 'uid', ENOM_PW: 'pw',
    })).toEqual(['sandbox', 'namecheap', 'dynadot', 'enom']);
    expect(ids({ CLOUDFLARE_API_TOKEN: 'token' })).toEqual(['sandbox']);
    expect(ids({ CLOUDFLARE_API_TOKEN: 'token', CLOUDFLARE_ACCOUNT_ID: 'account', DYNADOT_API_KEY: 'key' })).toEqual(['sandbox', 'dynadot', 'cloudflare']);
  });
});
