import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** How the portal is started: the compiled build, as a provider runs it; CRASH_SERVER_COMMAND or --server-command replaces it. */
export const DEFAULT_SERVER_COMMAND = 'node --enable-source-maps dist/server/main.js';

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

export interface PortalProcess {
  readonly pid: number;
  /** The last lines the process printed: shown when a trial fails. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, in-flight requests and jobs die as in a power cut. */
  kill(): Promise<void>;
  /** SIGTERM then, after a grace period, SIGKILL: the end of a scenario. */
  stop(): Promise<void>;
  exited(): boolean;
}

/**
 * One portal server, a separate operating-system process on a fixed port, so the trial's fakes
 * (registrar, webhook receiver) and its own bookkeeping survive the kills.
 */
export function spawnPortal(command: string, env: NodeJS.ProcessEnv): PortalProcess {
  const [program, ...args] = command.trim().split(/\s+/);
  const child: ChildProcess = spawn(program === 'node' ? process.execPath : program!, args, {
    cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 100_000) log = log.slice(-50_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid ?? -1,
    output: () => log.slice(-4000),
    exited: () => !running(),
    async kill() {
      if (running()) child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (running()) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(killer);
      }
    },
  };
}

/** Waits until /readyz answers 200; throws with the process's output when it exits or the deadline passes. */
export async function waitUntilReady(baseUrl: string, portal: PortalProcess, deadlineMs = 90_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (portal.exited()) throw new Error(`the portal exited before it was ready:\n${portal.output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the portal did not answer /readyz within ${deadlineMs} ms:\n${portal.output()}`);
}
