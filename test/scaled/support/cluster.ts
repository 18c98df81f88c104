import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connection.ts';
import { startNginx, type RunningNginx } from './nginx.ts';
import { freePort, SERVER_COMMAND, type Spawned, spawnLogged, START_DEADLINE_MS, until, WORKER_COMMAND } from './processes.ts';

/** The PostgreSQL server the scaled tier makes its database on (trust auth, user postgres). */
export const SCALED_ADMIN_URL = process.env.SCALED_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN_EMAIL = 'admin@scaled.test';
export const ADMIN_PASSWORD = 'scaled-admin-password-1';

export type InstanceName = 'a' | 'b';

/** One app instance: its own port, reachable directly and through nginx pinned to it. */
export interface Instance {
  name: InstanceName;
  port: number;
  /** Its own address, bypassing nginx. */
  url: string;
  process(): Spawned;
  /** SIGKILL: no shutdown, open requests and transactions cut. */
  kill(): Promise<void>;
  /** Starts it again on the same port, waiting until it is ready. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** nginx, the address every client uses; also PUBLIC_URL of every process. */
  url: string;
  databaseUrl: string;
  /** The shared database, for the tests to read what happened. */
  database: DatabaseHandle;
  a: Instance;
  b: Instance;
  worker: { process(): Spawned; kill(): Promise<void>; restart(): Promise<void> };
  nginx: RunningNginx;
  /** Every process's output, for a failure message. */
  logs(): string;
  stop(): Promise<void>;
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: SCALED_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function waitForReady(url: string, spawned: Spawned) {
  await until(async () => {
    if (!spawned.running()) throw new Error(`process exited before it was ready:\n${spawned.output()}`);
    try {
      return (await fetch(`${url}/readyz`)).ok;
    } catch {
      return false;
    }
  }, `${url}/readyz`, START_DEADLINE_MS);
}

/** A worker has no HTTP: it is ready when it says so. */
async function waitForWorker(spawned: Spawned) {
  await until(() => {
    if (!spawned.running()) throw new Error(`worker exited before it was ready:\n${spawned.output()}`);
    return spawned.output().includes('worker running');
  }, 'the worker to run', START_DEADLINE_MS);
}

/**
 * The scaled mode as an operator runs it: a fresh PostgreSQL database, two app instances and one
 * worker (separate processes, same AUTH_SECRET, TRUST_PROXY naming nginx's address), and nginx in
 * front of both instances. `extraEnv` goes to every process.
 */
export async function startCluster(extraEnv: NodeJS.ProcessEnv = {}): Promise<Cluster> {
  const dbName = `scaled_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${dbName}`);
  const base = new URL(SCALED_ADMIN_URL);
  base.pathname = `/${dbName}`;
  const databaseUrl = base.toString();
  const temp = mkdtempSync(join(tmpdir(), 'portal-scaled-'));
  const ports = { a: await freePort(), b: await freePort() };
  const started: Spawned[] = [];
  let nginx: RunningNginx | null = null;
  let database: DatabaseHandle | null = null;

  const nginxPort = await freePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    FUNCTION_RATE_LIMITS: 'on',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    LOG_LEVEL: process.env.SCALED_LOG_LEVEL ?? 'warn',
    ...extraEnv,
  };
  delete common.NODE_OPTIONS;
  delete common.TEST_DATABASE_URL;

  const spawnApp = (name: InstanceName) => {
    const spawned = spawnLogged('node', SERVER_COMMAND, {
      ...common, PORT: String(ports[name]), DATA_DIR: join(temp, `data-${name}`),
    });
    started.push(spawned);
    return spawned;
  };
  const spawnWorker = () => {
    const spawned = spawnLogged('node', WORKER_COMMAND, { ...common, DATA_DIR: join(temp, 'data-worker'), LOG_LEVEL: 'info' });
    started.push(spawned);
    return spawned;
  };

  const current: Record<InstanceName, Spawned | null> = { a: null, b: null };
  let worker: Spawned | null = null;
  const instance = (name: InstanceName): Instance => {
    const url = `http://127.0.0.1:${ports[name]}`;
    return {
      name,
      port: ports[name],
      url,
      process: () => current[name]!,
      kill: () => current[name]!.kill(),
      async restart() {
        await current[name]?.kill();
        current[name] = spawnApp(name);
        await waitForReady(url, current[name]);
      },
    };
  };
  const logs = () => started.map((s, i) => `--- process ${i} (pid ${s.pid}) ---\n${s.output()}`).join('\n');

  const stop = async () => {
    await nginx?.stop();
    await Promise.all(started.map((s) => s.stop()));
    await database?.close();
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    rmSync(temp, { recursive: true, force: true });
  };

  try {
    // A first: it migrates the empty database and creates the super admin; then the others start
    // on a database that is ready (two first starts at once would both try to create the admin).
    const a = instance('a');
    const b = instance('b');
    current.a = spawnApp('a');
    await waitForReady(a.url, current.a);
    current.b = spawnApp('b');
    worker = spawnWorker();
    await Promise.all([waitForReady(b.url, current.b), waitForWorker(worker)]);
    nginx = await startNginx(join(temp, 'nginx'), [{ name: 'a', port: ports.a }, { name: 'b', port: ports.b }], nginxPort);
    database = openDatabase({ databaseUrl, poolSize: 4 });
    return {
      url: publicUrl,
      databaseUrl,
      database,
      a,
      b,
      worker: {
        process: () => worker!,
        kill: () => worker!.kill(),
        async restart() {
          await worker?.kill();
          worker = spawnWorker();
          await waitForWorker(worker);
        },
      },
      nginx,
      logs,
      stop,
    };
  } catch (error) {
    const output = logs();
    await stop().catch(() => undefined);
    throw new Error(`the scaled cluster did not start: ${String(error)}\n${output}`);
  }
}
