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
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseHandle, Dialect } from '../src/server/db/connection.ts';
import type { Database } from '../src/server/db/schema.ts';
import { BENCH_EMAIL } from './benchFlags.ts';
import { type Log, postgresDataSet as cachedPostgres, sqliteDataSet as cachedSqlite } from './cachedDataSet.ts';
import { pickSql, seedUsersAndOrders, series, SYLLABLES, TLDS } from './seedUsersAndOrders.ts';

/** Raise when what is written changes, so cached data sets are rebuilt. */
const GENERATOR_VERSION = 2;
export const ADMIN_EMAIL = BENCH_EMAIL;
export const SUPPLIERS = ['namecheap', 'dynadot', 'enom', 'cloudflare'] as const;

export interface InventorySizes {
  domains: number;
  accounts: number;
}

/** Midnight UTC `daysFromNow` (an SQL expression) away, in the column's native form. */
function dayFromNow(dialect: Dialect, daysFromNow: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql.raw(`date_trunc('day', now()) + (${daysFromNow}) * interval '1 day'`)
    : sql.raw(`strftime('%Y-%m-%dT00:00:00.000Z', 'now', (${daysFromNow}) || ' days')`);
}

const markerOf = (sizes: InventorySizes) => JSON.stringify({ version: GENERATOR_VERSION, ...sizes });

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

function generator(sizes: InventorySizes, log: Log) {
  return async ({ db, dialect }: DatabaseHandle) => {
    const from = performance.now();
    await seedUsersAndOrders(db, dialect, { users: sizes.accounts, accounts: sizes.accounts, orders: 1_000, spreadSeconds: 365 * 86_400 });
    for (const id of SUPPLIERS) await db.insertInto('domain_suppliers').values({ id, name: id[0].toUpperCase() + id.slice(1) }).execute();
    await seedDomains(db, dialect, sizes);
    log(`${dialect}: generated ${sizes.domains.toLocaleString('en')} domains over ${sizes.accounts.toLocaleString('en')} accounts `
      + `in ${((performance.now() - from) / 1000).toFixed(0)} s`);
  };
}

export const sqliteDataSet = (file: string, sizes: InventorySizes, log: Log): Promise<DatabaseHandle> =>
  cachedSqlite(file, markerOf(sizes), generator(sizes, log), log);

/** The bench's own PostgreSQL database (its name must start with bench_): recreated unless it holds these sizes. */
export const postgresDataSet = (databaseUrl: string, sizes: InventorySizes, log: Log): Promise<DatabaseHandle> =>
  cachedPostgres(databaseUrl, markerOf(sizes), generator(sizes, log), log);
