/**
 * The data set of the domain inventory bench (bench/domainInventory.bench.ts): 1,000,000 managed
 * domains over 10,000 accounts, on SQLite (a file) or PostgreSQL (a database of its own), written
 * in set-based SQL (no row goes through Node). Reused while the sizes and generator version stay
 * the same; only migrations added since are applied.
 *
 * Domain i is derived from i alone, each attribute from its own scrambling of i (so that, say,
 * the unassigned ones are not also the ones without an expiry, as plain i % n would make them):
 * - name: two syllables, i, one of 6 TLDs ('kalo123.com'): a two-letter prefix matches about 1/24;
 * - account: none for 5 % (unassigned), else one of the accounts, spread evenly;
 * - registrar: none ('manual') for 1/6, else one of namecheap, dynadot, enom, cloudflare;
 *   mode manual without a registrar and for 1/7 of the others, api otherwise;
 * - status: 2 % suspended, 4 % pending, 10 % expired, the rest active;
 * - expiry: a whole day over four years around now, so about 700 domains share each expiry
 *   (ties the pages break by id); none for 1/40.
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { passwordHasher } from '../src/server/auth/password.ts';
import { type DatabaseHandle, type Dialect, openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { Database } from '../src/server/db/schema.ts';
import { BENCH_EMAIL, BENCH_PASSWORD } from './benchFlags.ts';
import { seedUsersAndOrders } from './seedUsersAndOrders.ts';

/** Raise when what is written changes, so cached data sets are rebuilt. */
const GENERATOR_VERSION = 2;
const ADMIN_ID = 'bench-admin';
export const ADMIN_EMAIL = BENCH_EMAIL;
export const SUPPLIERS = ['namecheap', 'dynadot', 'enom', 'cloudflare'] as const;
const SYLLABLES = ['ka', 'lo', 'mi', 'net', 'sun', 'bri', 'cor', 'dex', 'fin', 'gro', 'hub', 'jet', 'lux', 'mo', 'nova',
  'pix', 'qui', 'ro', 'sky', 'tel', 'vi', 'wave', 'zen', 'al'];
const TLDS = ['com', 'com', 'net', 'org', 'io', 'dev'];

export interface InventorySizes {
  domains: number;
  accounts: number;
}

type Log = (line: string) => void;

function pickSql(list: readonly string[], expr: string): RawBuilder<string> {
  const cases = list.map((v, n) => `when ${n} then '${v}'`).join(' ');
  return sql.raw(`(case (${expr}) % ${list.length} ${cases} end)`);
}

function series(dialect: Dialect, n: number): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql.raw(`s as (select generate_series(1::bigint, ${n}) as i)`)
    : sql.raw(`recursive s(i) as (select 1 union all select i + 1 from s where i < ${n})`);
}

/** Midnight UTC `daysFromNow` (an SQL expression) away, in the column's native form. */
function dayFromNow(dialect: Dialect, daysFromNow: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql.raw(`date_trunc('day', now()) + (${daysFromNow}) * interval '1 day'`)
    : sql.raw(`strftime('%Y-%m-%dT00:00:00.000Z', 'now', (${daysFromNow}) || ' days')`);
}

const markerOf = (sizes: InventorySizes) => JSON.stringify({ version: GENERATOR_VERSION, ...sizes });

async function readMarker(db: Kysely<Database>): Promise<string | null> {
  try {
    const { rows } = await sql<{ description: string }>`select description from bench_dataset`.execute(db);
    return rows[0]?.description ?? null;
  } catch {
    return null;
  }
}

/** i scrambled by its own prime: 0..1,000,002, spread evenly and unrelated to the other attributes' scrambles. */
const scramble = (prime: number) => `((i * ${prime}) % 1000003)`;

async function seedDomains(db: Kysely<Database>, dialect: Dialect, sizes: InventorySizes) {
  const label = sql.join([pickSql(SYLLABLES, 'i * 13'), pickSql(SYLLABLES, `i / ${SYLLABLES.length}`)], sql` || `);
  const tld = pickSql(TLDS, 'i / 7');
  const [unassigned, registrar, mode, status, noExpiry, day] = [7919, 104729, 130363, 15485863, 32452843, 49979687].map(scramble);
  const supplier = sql.raw(`(case when ${registrar} % 6 = 0 then null else ${pickSql(SUPPLIERS, `${registrar} / 6`).compile(db).sql} end)`);
  const bool = (expr: string) => sql.raw(dialect === 'postgres' ? `(${expr})` : `(case when ${expr} then 1 else 0 end)`);
  const now = dialect === 'postgres' ? sql`now()` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const insert = sql`with ${series(dialect, sizes.domains)}
    insert into domains (id, account_id, name, tld, status, supplier_id, management_mode, expiration_date, auto_renew, locked, privacy,
      nameservers, created_at, updated_at)
    select 'd' || i, case when ${sql.raw(unassigned)} % 20 = 0 then null else 'a' || ((i * 31) % ${sql.lit(sizes.accounts)} + 1) end,
      ${label} || i || '.' || ${tld}, ${tld},
      ${sql.raw(`case ${status} % 50 when 0 then 'suspended' when 1 then 'pending' when 2 then 'pending' when 3 then 'expired' when 4 then 'expired'
        when 5 then 'expired' when 6 then 'expired' when 7 then 'expired' else 'active' end`)},
      ${supplier}, case when ${sql.raw(registrar)} % 6 = 0 or ${sql.raw(mode)} % 7 = 0 then 'manual' else 'api' end,
      case when ${sql.raw(noExpiry)} % 40 = 0 then null else ${dayFromNow(dialect, `${day} % 1460 - 365`)} end,
      ${bool('i % 3 <> 0')}, ${bool('1 = 0')}, ${bool('1 = 0')}, '[]', ${now}, ${now} from s`;
  await db.connection().execute(async (c) => {
    if (dialect === 'postgres') {
      // Row by row, the status-count triggers would take minutes: count once afterwards, as migration 0011 does.
      await sql`set session_replication_role = replica`.execute(c);
      await insert.execute(c);
      await sql`set session_replication_role = origin`.execute(c);
      await sql`insert into domain_status_counts (account_id, status, domain_count)
        select account_id, status, count(*) from domains where account_id is not null group by account_id, status
        on conflict (account_id, status) do update set domain_count = excluded.domain_count`.execute(c);
      await sql`vacuum analyze domains`.execute(c);
    } else {
      await insert.execute(c);
      await sql`analyze`.execute(c);
    }
  });
}

async function generate(database: DatabaseHandle, sizes: InventorySizes, log: Log) {
  const { db, dialect } = database;
  await migrateToLatest(db);
  const from = performance.now();
  await seedUsersAndOrders(db, dialect, { users: sizes.accounts, accounts: sizes.accounts, orders: 1_000, spreadSeconds: 365 * 86_400 });
  for (const id of SUPPLIERS) await db.insertInto('domain_suppliers').values({ id, name: id[0].toUpperCase() + id.slice(1) }).execute();
  await seedDomains(db, dialect, sizes);
  const now = new Date().toISOString();
  await db.insertInto('users').values({
    id: ADMIN_ID, name: 'Bench Admin', email: ADMIN_EMAIL, email_verified: true, role: 'super_admin', created_at: now, updated_at: now,
  }).execute();
  await db.insertInto('auth_identity').values({
    id: `${ADMIN_ID}-credential`, account_id: ADMIN_ID, provider_id: 'credential', user_id: ADMIN_ID,
    password: await passwordHasher(2 ** 17).hash(BENCH_PASSWORD), created_at: now, updated_at: now,
  }).execute();
  await sql`create table bench_dataset (description text not null)`.execute(db);
  await sql`insert into bench_dataset (description) values (${markerOf(sizes)})`.execute(db);
  if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  log(`${dialect}: generated ${sizes.domains.toLocaleString('en')} domains over ${sizes.accounts.toLocaleString('en')} accounts `
    + `in ${((performance.now() - from) / 1000).toFixed(0)} s`);
}

export async function sqliteDataSet(file: string, sizes: InventorySizes, log: Log): Promise<DatabaseHandle> {
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

/** The bench's own PostgreSQL database (its name must start with bench_): recreated unless it holds these sizes. */
export async function postgresDataSet(databaseUrl: string, sizes: InventorySizes, log: Log): Promise<DatabaseHandle> {
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
