/**
 * What every HTTP load bench needs: the real app on a free port, one real sign-in, and the
 * autocannon child process (bench/loadRunner.ts) that drives it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { DatabaseHandle } from '../src/server/db/connection.ts';
import { BENCH_PASSWORD } from './benchFlags.ts';
import type { LoadJob, LoadResult } from './loadRunner.ts';

export const HOST = '127.0.0.1';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The portal (logger off, no workers) on an opened database. `dataDir` holds what the config
 * keeps on disk; no DATABASE_URL goes into the config, so a PostgreSQL handle runs the local
 * job queue and live bus, as test apps do.
 */
export async function startPortal(database: DatabaseHandle, dataDir: string) {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  // A clean environment: a DATABASE_URL in the shell must not change what is measured.
  const config = loadConfig({ PORT: String(port), HOST, DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'silent', FUNCTION_RATE_LIMITS: 'off' },
    { AUTH_SECRET: randomBytes(48).toString('base64url') });
  const portal = await buildApp({ config, database, logger: false, runWorkers: false });
  await portal.app.listen({ port, host: HOST });
  return { url, close: () => portal.close() };
}

/** The one real sign-in: better-auth answers with the session cookie and (bearer plugin) the token. */
export async function signIn(portalUrl: string, email: string, auth: 'cookie' | 'bearer' = 'cookie'): Promise<Record<string, string>> {
  const response = await fetch(`${portalUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portalUrl },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  if (auth === 'bearer') {
    const token = response.headers.get('set-auth-token');
    if (!token) throw new Error('sign-in answered without a set-auth-token header');
    return { authorization: `Bearer ${token}` };
  }
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.includes('session_token='));
  if (!cookie) throw new Error('sign-in answered without a session cookie');
  return { cookie };
}

export function startLoadRunner(): ChildProcess {
  // The child inherits `--import tsx`; a --cpu-prof given to profile the server stays with the server.
  const execArgv = process.execArgv.filter((a) => !a.startsWith('--cpu-prof'));
  return fork(new URL('./loadRunner.ts', import.meta.url), [], { execArgv });
}

export function runLoad(runner: ChildProcess, job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    runner.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) =>
      message.ok ? resolve(message.result!) : reject(new Error(message.error)));
    runner.send(job);
  });
}

/** Responses that were not exactly 200 (autocannon's own non2xx would let a 204 or 201 pass). */
export function non200Count(result: LoadResult): number {
  return Object.entries(result.statusCodes).reduce((sum, [code, count]) => sum + (code === '200' ? 0 : count), 0);
}

/** Prints rows under a header, the first column left-aligned and the others right-aligned. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

/** The baseline: what Fastify alone does on this machine, same host, its own port. */
export async function startBareRoute() {
  const bare = Fastify({ logger: false });
  bare.get('/', {
    schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } },
  }, async () => ({ hello: 'world' }));
  const url = await bare.listen({ port: 0, host: HOST });
  return { url: `${url}/`, close: () => bare.close() };
}
