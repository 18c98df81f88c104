import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: everything in node as before, and the web's component tests (*.test.tsx) in jsdom
 * with the browser stubs Mantine needs (src/web/testing/domSetup.ts).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The suite mostly waits on databases and timers: one worker more than cores keeps them busy.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/integration/**/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
          // Each worker imports the server's module graph once for all its files instead of once per
          // file (most of the suite's time when isolated). Files still start apps of their own, each on
          // a database of its own; what the server keeps at module level is keyed by database (prepared
          // queries) or let go when an app stops (the delivery engine's wake-up).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/testing/domSetup.ts'],
        },
      },
    ],
  },
});
