/**
 * The data set of the back-office lists bench, on SQLite (a file) or PostgreSQL (a database of
 * its own): migrated, seeded by seedUsersAndOrders.ts, plus one super admin who signs in with
 * BENCH_PASSWORD. Generating a million orders takes minutes, so a data set of the same sizes and
 * generator version is reused: only migrations added since are applied to it.
 */
import { type DatabaseHandle } from '../src/server/db/connection.ts';
import { BENCH_EMAIL } from './benchFlags.ts';
import { type Log, postgresDataSet as cachedPostgres, sqliteDataSet as cachedSqlite } from './cachedDataSet.ts';
import { type SeedSizes, seedUsersAndOrders } from './seedUsersAndOrders.ts';

/** Raise when seedUsersAndOrders.ts changes what it writes, so cached data sets are rebuilt. */
const GENERATOR_VERSION = 2;

export const ADMIN_EMAIL = BENCH_EMAIL;

const markerOf = (sizes: SeedSizes) => JSON.stringify({ version: GENERATOR_VERSION, ...sizes });

function generator(sizes: SeedSizes, log: Log) {
  return async ({ db, dialect }: DatabaseHandle) => {
    const from = performance.now();
    await seedUsersAndOrders(db, dialect, sizes);
    log(`${dialect}: generated ${sizes.users.toLocaleString('en')} users, ${sizes.accounts.toLocaleString('en')} accounts, `
      + `${sizes.orders.toLocaleString('en')} orders in ${((performance.now() - from) / 1000).toFixed(0)} s`);
  };
}

/** Opens the SQLite file, generating it first unless it already holds these sizes. */
export const sqliteDataSet = (file: string, sizes: SeedSizes, log: Log): Promise<DatabaseHandle> =>
  cachedSqlite(file, markerOf(sizes), generator(sizes, log), log);

/** Opens the bench's own PostgreSQL database, dropping and recreating it unless it already holds these sizes. */
export const postgresDataSet = (databaseUrl: string, sizes: SeedSizes, log: Log): Promise<DatabaseHandle> =>
  cachedPostgres(databaseUrl, markerOf(sizes), generator(sizes, log), log);
