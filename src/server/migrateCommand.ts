import { ConfigError, loadConfig } from './config.ts';
import { databaseOptionsOf, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';

/**
 * `npm run migrate`: brings the database (DATABASE_URL, or the SQLite file in DATA_DIR) to the
 * latest schema and exits, so a deployment can migrate once before starting its processes.
 * The processes still migrate on start; with nothing left to apply that is one read.
 */
async function main() {
  const config = loadConfig();
  const database = openDatabase(databaseOptionsOf(config));
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length === 0 ? 'The database is up to date.' : `Applied ${applied.length} migrations: ${applied.join(', ')}.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
