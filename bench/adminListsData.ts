/**
 * The data set of the back-office lists bench, on SQLite (a file) or PostgreSQL (a database of
 * its own): migrated, seeded by seedUsersAndOrders.ts, plus one super admin who signs in with
 * BENCH_PASSWORD. Generating a million orders takes minutes, so a data set of the same sizes and
 * generator version is reused: only migrations added since are applied to it.
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
import { type SeedSizes, seedUsersAndOrders } from './seedUsersAndOrders.ts';

/** Raise when seedUsersAndOrders.ts changes what it writes, so cached data sets are rebuilt. */
const GENERATOR_VERSION = 2;
const ADMIN_ID = 'bench-admin';

export const ADMIN_EMAIL = BENCH_EMAIL;

type Log = (line: string) => void;

/** What was generated, kept in the database itself; written last, so a generation cut short is redone. */
function markerOf(sizes: SeedSizes): string {
  return JSON.stringify({ version: GENERATOR_VERSION, ...sizes });
}

async function readMarker(db: Kysely<Database>): Promise<string | null> {
  try {
    const { rows } = await sql<{ description: string }>`select description from bench_dataset`.execute(db);
    return rows[0]?.description ?? null;
  } catch {
    // No marker table: not a data set of this bench (or an empty database).
    return null;
  }
}

async function generate(database: DatabaseHandle, sizes: SeedSizes, log: Log) {
  const { db, dialect } = database;
  await migrateToLatest(db);
  const from = performance.now();
  await seedUsersAndOrders(db, dialect, sizes);
  const now = new Date().toISOString();
  await db.insertInto('users').values({
    id: ADMIN_ID, name: 'Bench Admin', email: ADMIN_EMAIL, email_verified: true, role: 'super_admin', created_at: now, updated_at: now,
  }).execute();
  // One real scrypt hash at the portal's own cost: the sign-in goes through the real verifier.
  await db.insertInto('auth_identity').values({
    id: `${ADMIN_ID}-credential`, account_id: ADMIN_ID, provider_id: 'credential', user_id: ADMIN_ID,
    password: await passwordHasher(2 ** 17).hash(BENCH_PASSWORD), created_at: now, updated_at: now,
  }).execute();
  await sql`create table bench_dataset (description text not null)`.execute(db);
  await sql`insert into bench_dataset (description) values (${markerOf(sizes)})`.execute(db);
  // The load leaves hundreds of megabytes in the WAL: fold them into the file once, not during the first route.
  if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  log(`${dialect}: generated ${sizes.users.toLocaleString('en')} users, ${sizes.accounts.toLocaleString('en')} accounts, `
    + `${sizes.orders.toLocaleString('en')} orders in ${((performance.now() - from) / 1000).toFixed(0)} s`);
}

/** Opens the SQLite file, generating it first unless it already holds these sizes. */
export async function sqliteDataSet(file: string, sizes: SeedSizes, log: Log): Promise<DatabaseHandle> {
  const open = () => openDatabase({ sqliteFile: file, dataDir: dirname(file) });
  if (existsSync(file)) {
    const database = open();
    if (await readMarker(database.db) === markerOf(sizes)) {
      const applied = await migrateToLatest(database.db);
      log(`sqlite: reusing ${file}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`);
      return database;
    }
    await database.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
  log(`sqlite: generating ${file}`);
  const database = open();
  await generate(database, sizes, log);
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
 * Opens the bench's own PostgreSQL database (the URL's database name, never a shared one),
 * dropping and recreating it unless it already holds these sizes.
 */
export async function postgresDataSet(databaseUrl: string, sizes: SeedSizes, log: Log): Promise<DatabaseHandle> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`The bench drops and recreates its database: its name must start with bench_, not "${name}".`);
  const exists = (await onServer(url, `select 1 from pg_database where datname = '${name}'`)).rowCount === 1;
  if (exists) {
    const database = openDatabase({ databaseUrl });
    if (await readMarker(database.db) === markerOf(sizes)) {
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
  await generate(database, sizes, log);
  return database;
}
