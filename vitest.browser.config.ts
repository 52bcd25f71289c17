import { defineConfig } from 'vitest/config';

// Real-Chromium tests against the production build (see tests/browser/run.mjs, which builds first).
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    globalSetup: ['tests/browser/global-setup.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks',
    reporters: ['default', './tests/slowest-reporter.ts'],
  },
});
