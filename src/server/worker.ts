import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { databaseOptionsOf, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { appLoggerOptions } from './observability/logRedaction.ts';
import { refuseTestPaymentsWithRealRegistrars } from './startChecks.ts';
import { createServices, registerAllWorkers } from './services.ts';

/**
 * `npm run worker`: the scaled mode's job process. Opens the database, migrates, and runs
 * every job worker over pg-boss, without HTTP. The embedded mode runs its jobs inside `npm start`.
 */
async function main() {
  const config = loadConfig();
  refuseTestPaymentsWithRealRegistrars(config);
  if (!config.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_URL is required by npm run worker (the embedded mode runs its jobs inside npm start)');
  }
  // Fastify's own pino, configured as in the app, so both kinds of process log the same shape.
  const { log } = Fastify({ logger: appLoggerOptions(config.LOG_LEVEL, { base: { process: 'worker' } }) });
  const database = openDatabase(databaseOptionsOf(config));
  const applied = await migrateToLatest(database.db);
  const services = createServices({ database, config, log });
  const { jobs } = services;
  await registerAllWorkers(services);
  await jobs.start();
  log.info({ applied }, 'worker running');

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'worker shutting down');
    await jobs.stop();
    await services.live.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
