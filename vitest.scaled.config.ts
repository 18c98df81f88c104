import { defineConfig } from 'vitest/config';

/**
 * Scaled tier: each file starts nginx, two app instances and a worker on a PostgreSQL database of
 * its own. Files run one after another: five Node processes and a browser already fill 2 cores.
 */
export default defineConfig({
  test: {
    include: ['test/scaled/**/*.scaled.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // The live-update test drives Chromium, found as the e2e tier finds it.
    globalSetup: ['test/e2e/support/chromiumSetup.ts'],
  },
});
