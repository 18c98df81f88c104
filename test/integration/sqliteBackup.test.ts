import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFileIn } from '../../src/server/db/connection.ts';
import { accountWithMembers, type AccountWithMembers } from '../support/factories.ts';
import { type SharedTestDatabase, startTestApp, type TestApp } from '../support/testApp.ts';
import { waitFor } from '../support/waitFor.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

/** The commands as `npm run backup` / `npm run restore` run them, in a process of their own. */
async function command(name: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const script = join(root, 'src', 'server', 'backup', `${name}Command.ts`);
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root, env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const onFile = (dataDir: string): SharedTestDatabase => ({
  dialect: 'sqlite', open: () => openDatabase({ dataDir }), drop: async () => undefined,
});

function integrity(file: string): string {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.pragma('integrity_check', { simple: true }) as string);
  } finally {
    db.close();
  }
}

function ticketSubjects(file: string): Set<string> {
  const db = new SQLite(file, { readonly: true });
  try {
    return new Set((db.prepare('select subject from tickets').all() as { subject: string }[]).map((r) => r.subject));
  } finally {
    db.close();
  }
}

/**
 * `npm run backup` copies the embedded database while the portal serves writes, and `npm run
 * restore` brings the copy back (issue 20): what was written before the backup is all there.
 */
describe('SQLite backup and restore under load', () => {
  const dirs: string[] = [];
  const folder = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  let dataDir: string;
  let t: TestApp;
  /** Each account takes fewer tickets than the daily quota; the writer moves on to a new one. */
  const TICKETS_PER_CAST = 40;
  const casts: AccountWithMembers[] = [];
  /** Which account's owner may open each written ticket. */
  const writers = new Map<string, AccountWithMembers>();
  let stopWriting = false;
  let writer: Promise<void>;
  /** Subjects of tickets whose submission had been answered 200, and their ids. */
  const written: string[] = [];
  const ids = new Map<string, string>();
  let backupFile: string;
  let writtenBeforeBackup: string[];

  beforeAll(async () => {
    dataDir = folder('portal-backup-');
    t = await startTestApp('sqlite', { database: onFile(dataDir) });
    // Traffic: tickets submitted one after another until the test stops it.
    writer = (async () => {
      for (let i = 0; !stopWriting; i++) {
        if (i % TICKETS_PER_CAST === 0) casts.push(await accountWithMembers(t));
        const cast = casts[casts.length - 1];
        const subject = `Load ticket ${i}`;
        const res = await t.call('submitTicket', { accountId: cast.accountId, subject, description: 'Written while a backup runs.', priority: 'low' }, cast.owner);
        if (res.status !== 200) throw new Error(`submitTicket answered ${res.status}`);
        written.push(subject);
        writers.set(subject, cast);
        ids.set(subject, (res.result as { ticketId: string }).ticketId);
        // Let the event loop breathe between writes, as requests from a network would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
  });

  afterAll(async () => {
    stopWriting = true;
    await writer.catch(() => undefined);
    await t.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while tickets are being written, prints the file and its size', async () => {
    await waitUntil(() => written.length >= 30);
    writtenBeforeBackup = [...written];
    const out = folder('portal-backups-');
    const result = await command('backup', { DATA_DIR: dataDir }, [out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const match = result.stdout.match(/^Backup written: (\S+\.sqlite) \((\d+\.\d) (KB|MB)\)\.\n$/);
    expect(match).not.toBeNull();
    backupFile = match![1];
    expect(backupFile.startsWith(out)).toBe(true);
    expect(statSync(backupFile).size).toBeGreaterThan(0);
    // Writes went on while the copy ran and after it.
    const countAtBackupEnd = written.length;
    await waitUntil(() => written.length >= countAtBackupEnd + 10);
    expect(integrity(backupFile)).toBe('ok');
  });

  it('refuses to restore over the database of a running portal, and leaves it alone', async () => {
    const before = statSync(sqliteFileIn(dataDir)).size;
    const result = await command('restore', { DATA_DIR: dataDir }, [backupFile]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`A portal is using ${sqliteFileIn(dataDir)}: stop it`);
    expect(existsSync(`${sqliteFileIn(dataDir)}.before-restore`)).toBe(false);
    expect(statSync(sqliteFileIn(dataDir)).size).toBeGreaterThanOrEqual(before);
  });

  it('restores into a fresh data folder: a portal started there has every ticket written before the backup', async () => {
    const fresh = folder('portal-restored-');
    const result = await command('restore', { DATA_DIR: fresh }, [backupFile]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Restored ${backupFile} to ${sqliteFileIn(fresh)}.\n`);
    const restored = await startTestApp('sqlite', { database: onFile(fresh) });
    try {
      // The owner's session came back with the data: each ticket opens through the restored portal.
      for (const subject of writtenBeforeBackup) {
        const opened = await restored.call('getTicket', { ticketId: ids.get(subject)! }, writers.get(subject)!.owner);
        expect(opened.status, subject).toBe(200);
        expect((opened.result as { ticket: { subject: string } }).ticket.subject).toBe(subject);
      }
    } finally {
      await restored.stop();
    }
    expect(integrity(sqliteFileIn(fresh))).toBe('ok');
  });

  it('with the portal stopped, restores over its database and keeps the replaced one as .before-restore', async () => {
    stopWriting = true;
    await writer;
    await t.stop();
    const live = sqliteFileIn(dataDir);
    const everything = ticketSubjects(live);
    expect(everything.size).toBe(written.length);
    const result = await command('restore', { DATA_DIR: dataDir }, [backupFile]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`The replaced database is kept as ${live}.before-restore.`);
    // The replaced database holds everything, the restored one what the backup had.
    expect(ticketSubjects(`${live}.before-restore`)).toEqual(everything);
    const back = ticketSubjects(live);
    expect(back.size).toBeLessThan(everything.size);
    expect(writtenBeforeBackup.filter((s) => !back.has(s))).toEqual([]);
    // The test app's stop in afterAll finds it stopped already: start one on the restored file for it.
    t = await startTestApp('sqlite', { database: onFile(dataDir) });
  });

  it('refuses a damaged backup before touching the database', async () => {
    const damaged = join(folder('portal-damaged-'), 'damaged.sqlite');
    const bytes = readFileSync(backupFile);
    bytes.fill(0x41, 4096, 4096 * 3);
    writeFileSync(damaged, bytes);
    const target = folder('portal-target-');
    const result = await command('restore', { DATA_DIR: target }, [damaged]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/failed its integrity check, nothing was restored/);
    expect(existsSync(sqliteFileIn(target))).toBe(false);
  });
});

describe('backup with DATABASE_URL', () => {
  it('points to pg_dump and exits non-zero', async () => {
    const result = await command('backup', { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', DATA_DIR: tmpdir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^DATABASE_URL is set: back up PostgreSQL with pg_dump/);
  });
});

async function waitUntil(condition: () => boolean) {
  await waitFor(() => (condition() ? true : undefined), 60_000);
}
