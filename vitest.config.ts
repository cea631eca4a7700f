import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    setupFiles: ['./test/support/load-games.ts'],
    globalSetup: ['./test/support/build-once.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
