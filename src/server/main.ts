import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ensureSuperAdmin } from './auth/bootstrapAdmin.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseOptionsOf, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { refuseTestPaymentsWithRealRegistrars } from './startChecks.ts';
import { ensureStarterCatalog } from './features/catalog/starterCatalog.ts';
import { ensureDomainPricing, ensureDomainSuppliers } from './features/domains/pricing/supplierSync.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main() {
  const config = loadConfig();
  refuseTestPaymentsWithRealRegistrars(config);
  const database = openDatabase(databaseOptionsOf(config));
  const applied = await migrateToLatest(database.db);
  const { app, auth, services, close } = await buildApp({
    config, database, webRoot: join(root, 'dist', 'web'), runWorkers: true,
  });
  app.log.info({ mode: database.dialect === 'postgres' ? 'scaled' : 'embedded', applied }, 'database ready');
  await ensureSuperAdmin({ db: database.db, auth, config, log: app.log });
  await ensureStarterCatalog(services);
  // Before serving: the sandbox must not price or take a failover beside a real registrar, not even for a moment.
  await ensureDomainSuppliers(services);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Portal running at ${config.PUBLIC_URL}`);
  // Suppliers and their first price lists: a real registrar may take up to a minute to answer,
  // so the portal serves meanwhile instead of starting late.
  ensureDomainPricing(services).catch((error: unknown) => app.log.error({ err: error }, 'first domain price sync failed'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
