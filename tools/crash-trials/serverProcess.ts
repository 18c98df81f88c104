import { type Spawned, spawnLogged } from '../../test/support/processes.ts';

export { freePort, repoRoot, waitUntilReady } from '../../test/support/processes.ts';

/** How the portal is started: the compiled build, as a provider runs it; CRASH_SERVER_COMMAND or --server-command replaces it. */
export const DEFAULT_SERVER_COMMAND = 'node --enable-source-maps dist/server/main.js';

/** One portal server: a separate operating-system process, so the trial's fakes and bookkeeping survive its kills. */
export type PortalProcess = Spawned;

export function spawnPortal(command: string, env: NodeJS.ProcessEnv): PortalProcess {
  const [program, ...args] = command.trim().split(/\s+/);
  return spawnLogged(program!, args, env);
}
