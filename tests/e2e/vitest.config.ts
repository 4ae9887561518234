import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against the real server process.
// `npm run test:e2e` builds the web app first.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
