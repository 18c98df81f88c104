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
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/integration/**/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
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
