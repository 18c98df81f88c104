/**
 * A benchmark's generated data set, kept between runs: an SQLite file or a PostgreSQL database
 * of the bench's own, reused while its marker (what was generated, written last so that a
 * generation cut short is redone) matches, else thrown away and generated again. Shared by the
 * admin lists' and the domain inventory's benches.
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { passwordHasher } from '../src/server/auth/password.ts';
import { type DatabaseHandle, openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { Database } from '../src/server/db/schema.ts';
import { BENCH_EMAIL, BENCH_PASSWORD } from './benchFlags.ts';

export type Log = (line: string) => void;

const ADMIN_ID = 'bench-admin';

/** Fills a freshly migrated database; the marker and the bench's super admin are added after it. */
export type Generate = (database: DatabaseHandle) => Promise<void>;

async function readMarker(db: Kysely<Database>): Promise<string | null> {
  try {
    const { rows } = await sql<{ description: string }>`select description from bench_dataset`.execute(db);
    return rows[0]?.description ?? null;
  } catch {
    // No marker table: not a data set of this bench (or an empty database).
    return null;
  }
}

async function generateWithMarker(database: DatabaseHandle, marker: string, generate: Generate): Promise<void> {
  const { db, dialect } = database;
  await migrateToLatest(db);
  await generate(database);
  const now = new Date().toISOString();
  await db.insertInto('users').values({
    id: ADMIN_ID, name: 'Bench Admin', email: BENCH_EMAIL, email_verified: true, role: 'super_admin', created_at: now, updated_at: now,
  }).execute();
  // One real scrypt hash at the portal's own cost: the sign-in goes through the real verifier.
  await db.insertInto('auth_identity').values({
    id: `${ADMIN_ID}-credential`, account_id: ADMIN_ID, provider_id: 'credential', user_id: ADMIN_ID,
    password: await passwordHasher(2 ** 17).hash(BENCH_PASSWORD), created_at: now, updated_at: now,
  }).execute();
  await sql`create table bench_dataset (description text not null)`.execute(db);
  await sql`insert into bench_dataset (description) values (${marker})`.execute(db);
  // The load leaves hundreds of megabytes in the WAL: fold them into the file once, not during the first route.
  if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** Opens the SQLite file, generating it first unless it already holds `marker`. */
export async function sqliteDataSet(file: string, marker: string, generate: Generate, log: Log): Promise<DatabaseHandle> {
  const open = () => openDatabase({ sqliteFile: file, dataDir: dirname(file) });
  if (existsSync(file)) {
    const database = open();
    if (await readMarker(database.db) === marker) {
      const applied = await migrateToLatest(database.db);
      log(`sqlite: reusing ${file}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`);
      return database;
    }
    await database.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
  log(`sqlite: generating ${file}`);
  const database = open();
  await generateWithMarker(database, marker, generate);
  return database;
}

async function onServer(url: URL, text: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Opens the bench's own PostgreSQL database (the URL's database name, which must start with
 * bench_, never a shared one), dropping and recreating it unless it already holds `marker`.
 */
export async function postgresDataSet(databaseUrl: string, marker: string, generate: Generate, log: Log): Promise<DatabaseHandle> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`The bench drops and recreates its database: its name must start with bench_, not "${name}".`);
  const exists = (await onServer(url, `select 1 from pg_database where datname = '${name}'`)).rowCount === 1;
  if (exists) {
    const database = openDatabase({ databaseUrl });
    if (await readMarker(database.db) === marker) {
      const applied = await migrateToLatest(database.db);
      log(`postgres: reusing database ${name}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`);
      return database;
    }
    await database.close();
    await onServer(url, `drop database ${name} with (force)`);
  }
  log(`postgres: generating database ${name}`);
  await onServer(url, `create database ${name}`);
  const database = openDatabase({ databaseUrl });
  await generateWithMarker(database, marker, generate);
  return database;
}
