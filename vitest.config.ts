import { defineConfig } from 'vitest/config';

// Server and unit tests. They run on PGlite by default and on PostgreSQL when DATABASE_URL is set.
// Browser tests have their own config (tests/e2e/vitest.config.ts).
export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
