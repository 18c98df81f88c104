export { freePort, repoRoot, SERVER_ARGS as SERVER_COMMAND, type Spawned, spawnLogged, WORKER_ARGS as WORKER_COMMAND } from '../../support/processes.ts';

/** How long a process may take to start on a loaded 2-core machine; only ends a hung start. */
export const START_DEADLINE_MS = 90_000;

/** Polls `probe` until it answers true; the deadline only ends a wait that would otherwise hang. */
export async function until(probe: () => boolean | Promise<boolean>, what: string, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
