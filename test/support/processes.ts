import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The portal and its worker as a provider runs them: the compiled build (`npm run build`). */
export const SERVER_ARGS: readonly string[] = ['--enable-source-maps', 'dist/server/main.js'];
export const WORKER_ARGS: readonly string[] = ['--enable-source-maps', 'dist/server/worker.js'];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A child process whose output is kept (its tail) for failure messages. */
export interface Spawned {
  readonly child: ChildProcess;
  readonly pid: number;
  output(): string;
  exited: Promise<void>;
  running(): boolean;
  /** SIGKILL and wait for the exit: a crash, nothing flushed, no shutdown hook. */
  kill(): Promise<void>;
  /** SIGTERM (the graceful stop), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `command` (`node` means this very Node.js) from the repository root. */
export function spawnLogged(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(command === 'node' ? process.execPath : command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    pid: child.pid ?? -1,
    output: () => log,
    exited,
    running,
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop(graceMs = 15_000) {
      if (!running()) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Waits until `baseUrl`/readyz answers 200; throws with the process's output when it exits or the deadline passes. */
export async function waitUntilReady(baseUrl: string, process: Spawned, deadlineMs = 90_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (!process.running()) throw new Error(`the server exited before it was ready:\n${process.output().slice(-4000)}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer /readyz within ${deadlineMs} ms:\n${process.output().slice(-4000)}`);
}
