import { defineConfig } from 'vitest/config';

/**
 * End-to-end tier: each file starts the real server and a real Chromium.
 * Files run one after another so two servers and two browsers never fight over a 2-core machine.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    // Finds or installs Chromium once, so `npm test` needs no separate browser step.
    globalSetup: ['test/e2e/support/chromiumSetup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
