import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot, SERVER_ARGS, spawnLogged, waitUntilReady } from '../../support/processes.ts';

export { repoRoot };

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'e2e-admin-password-1';

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The embedded SQLite file the server writes (read it only read-only). */
  sqliteFile: string;
  /** Everything the server printed so far; shown when a test fails to start. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the production entry point (the compiled `dist/server/main.js`) exactly as an operator would,
 * with its own port and a fresh DATA_DIR, so every test file gets an empty embedded database.
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  if (!existsSync(join(repoRoot, 'dist', 'build.json'))) {
    throw new Error('dist/ holds no build: run the e2e tier with `npm run test:e2e` (it builds first).');
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    ...extraEnv,
  };
  // A developer's shell may point at PostgreSQL or SMTP; this tier is the embedded mode.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.AUTH_SECRET;
  delete env.GOOGLE_CLIENT_ID;
  delete env.GOOGLE_CLIENT_SECRET;
  delete env.NODE_OPTIONS;

  const server = spawnLogged('node', SERVER_ARGS, env);
  const stop = async () => {
    await server.stop(10_000);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, server, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, sqliteFile: join(dataDir, 'portal.sqlite'), output: server.output, stop };
}
