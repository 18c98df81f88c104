import { resolve } from 'node:path';
import { BackupError, restoreSqlite } from './sqliteBackup.ts';

/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of DATA_DIR's
 * database, with the portal stopped; the replaced database stays as portal.sqlite.before-restore.
 */
function main() {
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore or from a base backup, see docs/operations.md "Backups and restore".');
    process.exit(1);
  }
  const file = process.argv[2];
  if (!file) {
    console.error('Name the backup to restore: npm run restore -- <file>');
    process.exit(1);
  }
  // As config.ts reads it, without loadConfig, which would make an auth secret in a folder being restored.
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const { restored, previous } = restoreSqlite(dataDir, file);
  console.log(`Restored ${resolve(file)} to ${restored}.${previous ? ` The replaced database is kept as ${previous}.` : ''}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
