import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * How an app instance and the worker are started: node with these arguments, from the repository
 * root: the compiled build, as a provider runs it.
 */
export const SERVER_COMMAND: readonly string[] = ['--enable-source-maps', 'dist/server/main.js'];
export const WORKER_COMMAND: readonly string[] = ['--enable-source-maps', 'dist/server/worker.js'];

/** How long a process may take to start on a loaded 2-core machine; only ends a hung start. */
export const START_DEADLINE_MS = 90_000;

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

/** Polls `probe` until it answers true; the deadline only ends a wait that would otherwise hang. */
export async function until(probe: () => boolean | Promise<boolean>, what: string, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A child process whose output is kept (the tail) for failure messages. */
export interface Spawned {
  readonly child: ChildProcess;
  readonly pid: number;
  output(): string;
  exited: Promise<void>;
  running(): boolean;
  /** SIGKILL and wait for the exit: a crash, nothing flushed, no shutdown hook. */
  kill(): Promise<void>;
  /** SIGTERM (the graceful stop), SIGKILL after a deadline. */
  stop(): Promise<void>;
}

export function spawnLogged(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
    pid: child.pid!,
    output: () => log,
    exited,
    running,
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
