import { resolve } from 'node:path';
import { BackupError, backupSqlite } from './sqliteBackup.ts';

/**
 * `npm run backup [-- <file or folder>]`: an online copy of the embedded SQLite database while the
 * portal runs; prints where it went and its size. The scaled mode's PostgreSQL has its own tools.
 */
async function main() {
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (or base backups and WAL archiving), see docs/operations.md "Backups and restore".');
    process.exit(1);
  }
  // As config.ts reads it, without loadConfig, which would make an auth secret in a folder it only backs up.
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const { path, bytes } = await backupSqlite(dataDir, process.argv[2]);
  console.log(`Backup written: ${path} (${formatBytes(bytes)}).`);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
