import { defineConfig } from 'vitest/config';

// Real-Chromium tests against the production build (see tests/browser/run.mjs, which builds first,
// and tests/browser/README.md).
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    // Serves dist/ and launches the shared Chromiums once per run; files connect to them.
    globalSetup: ['tests/browser/global-setup.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // One module cache per worker: playwright-core, axe and the helpers are imported once, not once
    // per file (several seconds each on a loaded machine). Files keep no state at module level
    // beyond their own `describe`.
    isolate: false,
    // Files one after another: Chromium's renderer, its workers and the training in them already
    // use both cores, so a second file at once only stretches the timeouts of both
    // (BROWSER_TEST_WORKERS=2 tries it).
    fileParallelism: (Number(process.env.BROWSER_TEST_WORKERS) || 1) > 1,
    maxWorkers: Number(process.env.BROWSER_TEST_WORKERS) || 1,
    reporters: ['default', './tests/slowest-reporter.ts'],
  },
});
