import { defineConfig } from 'vitest/config';

// Server and unit tests. They run on PGlite by default and on PostgreSQL when DATABASE_URL is set.
// Browser tests have their own config (tests/e2e/vitest.config.ts).
export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Ceilings against a hung test, not speed targets: on a busy 2-core machine (CI beside other
    // work) a correct test may take minutes. Speed is measured in bench/, never here.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
