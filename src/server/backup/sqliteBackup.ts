import { copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, closeSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { sqliteFileIn } from '../db/connection.ts';

/** A backup or restore that cannot go on; its message is the one line the command prints. */
export class BackupError extends Error {}

export interface BackupResult { path: string; bytes: number }

/** `portal-2026-11-27T17-40-00-123Z.sqlite`: sorts by time, and no colon for file systems that refuse one. */
export const backupFileName = (at: Date) => `portal-${at.toISOString().replace(/:/g, '-')}.sqlite`;

/**
 * An online copy of the embedded database, taken with SQLite's backup API while the portal keeps
 * serving: WAL lets the copy read one consistent snapshot while the portal goes on writing.
 * `target` is a file to create or a folder to create it in; by default DATA_DIR/backups.
 */
export async function backupSqlite(dataDir: string, target: string | undefined, now = new Date()): Promise<BackupResult> {
  const source = sqliteFileIn(dataDir);
  if (!existsSync(source)) throw new BackupError(`No database to back up: ${source} does not exist (DATA_DIR=${dataDir}).`);
  const path = targetPath(dataDir, target, now);
  if (existsSync(path)) throw new BackupError(`Not overwriting ${path}: it exists already.`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Every page in one step: a write by the portal between two smaller steps would restart the
    // copy from the start, and under steady writes it might never finish.
    await db.backup(path, { progress: () => 0x7fffffff });
  } catch (error) {
    rmSync(path, { force: true });
    throw error;
  } finally {
    db.close();
  }
  // One self-contained file (no -wal beside it), checked before it is called a backup.
  const copy = new SQLite(path, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const problems = integrityProblems(copy);
    if (problems) throw new BackupError(`The copy ${path} failed its integrity check: ${problems}`);
  } finally {
    copy.close();
  }
  return { path, bytes: statSync(path).size };
}

function targetPath(dataDir: string, target: string | undefined, now: Date): string {
  if (!target) {
    const folder = join(dataDir, 'backups');
    mkdirSync(folder, { recursive: true });
    return join(folder, backupFileName(now));
  }
  const given = resolve(target);
  if (existsSync(given) && statSync(given).isDirectory()) return join(given, backupFileName(now));
  if (!existsSync(dirname(given))) throw new BackupError(`The folder ${dirname(given)} does not exist.`);
  return given;
}

/** null when SQLite finds the file sound, else what `pragma integrity_check` reported. */
function integrityProblems(db: SQLite.Database): string | null {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  return rows.length === 1 && rows[0].integrity_check === 'ok' ? null : rows.map((r) => r.integrity_check).join('; ');
}

/** Checks a file is a sound SQLite database of the portal (it has migrate.ts's schema_migrations table). */
export function verifyBackup(file: string): void {
  if (!existsSync(file)) throw new BackupError(`No such backup: ${file}.`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as an SQLite database: ${(error as Error).message}.`);
  }
  try {
    const problems = integrityProblems(db);
    if (problems) throw new BackupError(`${file} failed its integrity check, nothing was restored: ${problems}`);
    const migrations = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'schema_migrations'").get();
    if (!migrations) throw new BackupError(`${file} is not a database of the portal (it has no migrations table), nothing was restored.`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} failed its integrity check, nothing was restored: ${(error as Error).message}.`);
  } finally {
    db.close();
  }
}

export interface RestoreResult { restored: string; previous: string | null }

const SIDE_FILES = ['-wal', '-shm'];

/**
 * Puts a backup in place of DATA_DIR's database. Refuses while a portal has that database open
 * (it cannot take SQLite's exclusive lock), and checks the backup before touching anything. The
 * replaced database is kept beside it as portal.sqlite.before-restore.
 */
export function restoreSqlite(dataDir: string, backup: string): RestoreResult {
  const file = resolve(backup);
  verifyBackup(file);
  mkdirSync(dataDir, { recursive: true });
  const live = sqliteFileIn(dataDir);
  let previous: string | null = null;
  if (existsSync(live)) {
    quiesce(live);
    previous = `${live}.before-restore`;
    for (const suffix of ['', ...SIDE_FILES]) {
      rmSync(previous + suffix, { force: true });
      if (existsSync(live + suffix)) renameSync(live + suffix, previous + suffix);
    }
  }
  // Copied beside the database and renamed into place: a crash leaves the old file or the new, never half of one.
  const incoming = `${live}.restoring`;
  copyFileSync(file, incoming);
  const fd = openSync(incoming, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(incoming, live);
  return { restored: live, previous };
}

/**
 * Takes the database's exclusive lock, which fails at once while any process (a running portal)
 * has it open, and folds the WAL into the file so the file alone holds every committed write.
 */
function quiesce(live: string): void {
  const db = new SQLite(live, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') {
        throw new BackupError(`A portal is using ${live}: stop it (and any worker on this DATA_DIR) before restoring.`);
      }
      throw error;
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
